extension BoardCell: JSONReadable, JSONWritable {
    public init(json reader: inout JSONReader) throws(JSONError) {
        var xPos: Int?, yPos: Int?, status: String?
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

    /// `{"xPos":…,"yPos":…,"status":…}`, in the reference's order.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("xPos")
        writer.int(xPos)
        writer.key("yPos")
        writer.int(yPos)
        writer.key("status")
        writer.string(status)
        writer.endObject()
    }
}

extension BoardView: JSONReadable, JSONWritable {
    public init(json reader: inout JSONReader) throws(JSONError) {
        var playerBoard: [BoardCell]?, opponentBoard: [BoardCell]?
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

    /// `{"playerBoard":[…],"opponentBoard":[…]}`, in the reference's order.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("playerBoard")
        playerBoard.write(to: &writer)
        writer.key("opponentBoard")
        opponentBoard.write(to: &writer)
        writer.endObject()
    }
}
