import JSONCoding

/// Read by the client; the server writes its boards by hand (`BoardJSON`), the bulk of its output.
extension BoardCell: JSONReadable {
    public init(json reader: inout JSONReader) throws(JSONError) {
        var xPos: Int?
        var yPos: Int?
        var status: String?
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            switch key {
            case "xPos": xPos = try reader.int()
            case "yPos": yPos = try reader.int()
            case "status": status = try reader.string()
            default: try reader.skipValue()
            }
        }
        self.init(
            xPos: try reader.required(xPos, "xPos", inObjectAt: start),
            yPos: try reader.required(yPos, "yPos", inObjectAt: start),
            status: try reader.required(status, "status", inObjectAt: start)
        )
    }
}

/// Read by the client; the server writes its boards by hand (`BoardJSON`).
extension BoardView: JSONReadable {
    public init(json reader: inout JSONReader) throws(JSONError) {
        var playerBoard: [BoardCell]?
        var opponentBoard: [BoardCell]?
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            switch key {
            case "playerBoard": playerBoard = try [BoardCell](json: &reader)
            case "opponentBoard": opponentBoard = try [BoardCell](json: &reader)
            default: try reader.skipValue()
            }
        }
        self.init(
            playerBoard: try reader.required(playerBoard, "playerBoard", inObjectAt: start),
            opponentBoard: try reader.required(opponentBoard, "opponentBoard", inObjectAt: start)
        )
    }
}
