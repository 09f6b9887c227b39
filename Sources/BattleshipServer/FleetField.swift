import BattleshipAPI
import BattleshipRules
import JSONCoding

/// The `fleet` member of a create or join (Salvo's `fleet` extension, docs/server.md): read
/// from a JSON body's array, or from a form field holding the same JSON text, and checked to
/// be the standard fleet. Every refusal names what is wrong and shows the expected shape.
enum FleetField {
    static let shape = #"an array of five ships such as [{"length":5,"x":0,"y":0,"orientation":"horizontal"}, …]"#

    /// The placed fleet, or nil when the request has none.
    static func fleet(in fields: RequestFields) throws(APIError) -> Fleet? {
        guard let value = fields["fleet"], value != .null else { return nil }
        let text: [UInt8]
        switch value {
        case .structured(let bytes): text = bytes
        case .string(let form): text = Array(form.utf8)
        default: throw APIError("fleet must be \(shape)")
        }
        let placement: FleetPlacement
        do {
            placement = try FleetPlacement(jsonBytes: text)
        } catch {
            throw APIError("fleet must be \(shape); \(error.description)")
        }
        var ships: [ShipPlacement] = []
        for (number, ship) in placement.ships.enumerated() {
            guard let orientation = Orientation(rawValue: ship.orientation) else {
                throw APIError("fleet: ship \(number + 1)'s orientation must be horizontal or vertical; got `\(ship.orientation)`")
            }
            ships.append(ShipPlacement(length: ship.length, origin: Coordinate(x: ship.x, y: ship.y), orientation: orientation))
        }
        do {
            return try Fleet(standard: ships)
        } catch {
            throw APIError("fleet: \(error.description)")
        }
    }
}
