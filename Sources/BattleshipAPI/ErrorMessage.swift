/// The reference server's error texts, which clients of the time compare verbatim, and the
/// texts of Salvo's own additions.
public enum ErrorMessage {
    public static let invalidGameId = "Must provide a valid GUID"
    public static let unknownGameOnDetail = "Game with the given id does not exist"
    public static let unknownGame = "A game with that id does not exist"
    public static let invalidPlayerId = "Player id is not a valid GUID"
    public static let playerNotInGame = "The player does not belong to this game"
    public static let namesNotAlphanumeric = "Names must be alphanumeric"
    public static let playerNameNotAlphanumeric = "Player name must be alphanumeric"
    public static let reservedName = "Name is not valid"
    public static let cannotJoin = "The game cannot be joined"
    public static let notInPlay = "Game is not in play."
    public static let notYourTurn = "Not your turn"
    public static let invalidCoordinates = "X and/or Y coordinates are invalid"
    // Salvo's additions where the reference had no answer or a wrong one.
    public static let alreadyTargeted = "That cell was already targeted; choose another"
}
