import BattleshipAPI
import HTTPGuards
import Hummingbird

/// A refusal the server sends to the client: an HTTP status and a message, sent as a
/// ``HTTPGuards/Problem`` under the reference's key, the JSON body `{"message": "..."}`.
public struct APIError: Error, Equatable, Sendable, HTTPResponseError, ProblemConvertible {
    /// The HTTP status of the reply.
    public let status: HTTPResponse.Status
    /// The text the client reads in `message`.
    public let message: String

    /// A 400 Bad Request with `message`, the reference server's answer to almost everything.
    public init(_ message: String, status: HTTPResponse.Status = .badRequest) {
        self.status = status
        self.message = message
    }

    public var problem: Problem {
        Problem(status, message, key: .message)
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        problem.response
    }
}

extension APIError {
    static let invalidGameId = APIError(ErrorMessage.invalidGameId)
    static let unknownGameOnDetail = APIError(ErrorMessage.unknownGameOnDetail)
    static let unknownGame = APIError(ErrorMessage.unknownGame)
    static let invalidPlayerId = APIError(ErrorMessage.invalidPlayerId)
    static let playerNotInGame = APIError(ErrorMessage.playerNotInGame)
    static let namesNotAlphanumeric = APIError(ErrorMessage.namesNotAlphanumeric)
    static let playerNameNotAlphanumeric = APIError(ErrorMessage.playerNameNotAlphanumeric)
    static let reservedName = APIError(ErrorMessage.reservedName)
    static let cannotJoin = APIError(ErrorMessage.cannotJoin)
    static let notInPlay = APIError(ErrorMessage.notInPlay)
    static let notYourTurn = APIError(ErrorMessage.notYourTurn)
    static let invalidCoordinates = APIError(ErrorMessage.invalidCoordinates)
    static let alreadyTargeted = APIError(ErrorMessage.alreadyTargeted)
    static let invalidBoardSeed = APIError("boardSeed must be a whole number from 0 to 18446744073709551615")
    static let invalidJoinToken = APIError("joinToken must be 16 to 128 letters, digits, - or _")
    static let fleetWithSeed = APIError("Give boardSeed or fleet, not both: a placed fleet needs no seed")
    static let joinTokenRequired = APIError("This game is unlisted: join it with the joinToken it was created with", status: .forbidden)
    static let malformedJSON = APIError("The request body is not valid JSON; send an object such as {\"playerId\": \"...\"}")
    static let bodyTooLarge = APIError("The request body is larger than 16 KiB", status: .contentTooLarge)
    static let storageFailure = APIError("The server could not save the change; try again", status: .serviceUnavailable)

    static func nameTooLong(player: Bool) -> APIError {
        APIError("\(player ? "Player name" : "Names") must be at most \(NameRules.maximumLength) characters")
    }
}
