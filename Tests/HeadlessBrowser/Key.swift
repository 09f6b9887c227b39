/// A keyboard key as `Input.dispatchKeyEvent` needs it: the DOM `key` and `code`, the
/// Windows virtual key code (which Chromium uses for `keyCode`), and the text a key types.
public struct Key: Sendable, Hashable {
    /// `KeyboardEvent.key`, e.g. `ArrowRight` or `" "`.
    public var key: String
    /// `KeyboardEvent.code`, e.g. `ArrowRight` or `Space`.
    public var code: String
    /// `KeyboardEvent.keyCode`.
    public var keyCode: Int
    /// What the key types, if anything; such keys are sent as `keyDown`, the others as `rawKeyDown`.
    public var text: String?

    public init(key: String, code: String, keyCode: Int, text: String? = nil) {
        self.key = key
        self.code = code
        self.keyCode = keyCode
        self.text = text
    }

    public static let arrowLeft = Key(key: "ArrowLeft", code: "ArrowLeft", keyCode: 37)
    public static let arrowRight = Key(key: "ArrowRight", code: "ArrowRight", keyCode: 39)
    public static let arrowUp = Key(key: "ArrowUp", code: "ArrowUp", keyCode: 38)
    public static let arrowDown = Key(key: "ArrowDown", code: "ArrowDown", keyCode: 40)
    public static let home = Key(key: "Home", code: "Home", keyCode: 36)
    public static let end = Key(key: "End", code: "End", keyCode: 35)
    public static let space = Key(key: " ", code: "Space", keyCode: 32, text: " ")
    public static let enter = Key(key: "Enter", code: "Enter", keyCode: 13, text: "\r")
    public static let escape = Key(key: "Escape", code: "Escape", keyCode: 27)
}
