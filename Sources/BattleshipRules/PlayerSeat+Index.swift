extension PlayerSeat {
    /// The seat's position from 0, as files and arrays number seats: 0 for ``one`` (the
    /// creator, who moves first), 1 for ``two``.
    public var index: Int { rawValue - 1 }

    /// The seat at position `index` (0 or 1); nil for any other number.
    public init?(index: Int) {
        self.init(rawValue: index + 1)
    }
}
