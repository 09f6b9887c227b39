import BattleshipRules
import HTMLText

extension SVGCharts {
    /// A 10×10 grid with columns 0–9 (x) across the top and rows 0–9 (y) down the side, as on
    /// the replay boards; each cell's colour is as strong as its share of the busiest cell, and
    /// its tooltip gives the count.
    ///
    /// DOM contract: `<svg class="heat" data-total="N">` holds one `<rect data-cell="x,y"
    /// data-count="n">` per cell.
    static func heatMap(_ map: FirstShotHeatMap, id: String, label: String) -> Markup {
        let cell = 24.0
        let margin = 18.0
        let size = margin + cell * Double(Coordinate.gridSize) + 2
        let busiest = Double(max(map.maximum, 1))
        var svg: Markup =
            "<svg id=\"\(id)\" class=\"heat\" data-total=\"\(map.total)\" viewBox=\"0 0 \(Int(size)) \(Int(size))\" width=\"\(Int(size))\" role=\"img\" aria-label=\"\(label)\">"
        for position in 0..<Coordinate.gridSize {
            let centre = fmt(margin + cell * (Double(position) + 0.5))
            svg += "<text x=\"\(centre)\" y=\"12\" text-anchor=\"middle\">\(position)</text>"
            svg += "<text x=\"9\" y=\"\(fmt(margin + cell * (Double(position) + 0.5) + 4))\" text-anchor=\"middle\">\(position)</text>"
        }
        for coordinate in Coordinate.all {
            let count = map.counts[coordinate.index]
            let strength = count == 0 ? 0 : 0.12 + 0.88 * Double(count) / busiest
            let x = fmt(margin + cell * Double(coordinate.x))
            let y = fmt(margin + cell * Double(coordinate.y))
            svg +=
                "<rect class=\"cell\" data-cell=\"\(coordinate.x),\(coordinate.y)\" data-count=\"\(count)\" x=\"\(x)\" y=\"\(y)\" width=\"\(fmt(cell - 1))\" height=\"\(fmt(cell - 1))\" "
            svg += "fill-opacity=\"\(String(format: "%.2f", strength))\"><title>(\(coordinate.x),\(coordinate.y)): \(count)</title></rect>"
        }
        return svg + "</svg>"
    }
}
