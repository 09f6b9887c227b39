/// The server's database holds something the server never writes (shots out of order, a gap
/// in a game's shots): it was changed by hand or damaged. The server refuses to start on it.
struct StoreDamage: Error, CustomStringConvertible {
    let description: String
}
