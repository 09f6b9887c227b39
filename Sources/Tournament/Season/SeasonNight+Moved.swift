import Foundation

extension SeasonNight {
    /// The night with its submissions' built copies looked for in `botsFolder`
    /// (`OUTPUT/submissions/bots`, absolute) instead of where they were when the night was
    /// written: a season's output folder moved or copied between nights (a new machine, a new
    /// path) goes on with the same entries, and a kept version is launched from where its copy
    /// is now, never from the old path. A listed bot is left as it is.
    public func movingCopies(to botsFolder: String) -> SeasonNight {
        var night = self
        night.bots = bots.map { $0.movingCopy(to: botsFolder) }
        return night
    }
}

extension BotEntry {
    /// A submission's entry with its copy (`…/bots/FOLDER@VERSION`) in `botsFolder`, and every
    /// word of its command under the old copy moved with it; others unchanged.
    func movingCopy(to botsFolder: String) -> BotEntry {
        guard version != nil, case .external(var spec) = kind, let old = spec.folder else { return self }
        let copyName = (old as NSString).lastPathComponent
        let new = botsFolder + "/" + copyName
        guard new != old, (old as NSString).deletingLastPathComponent.hasSuffix("/bots") else { return self }
        spec.folder = new
        spec.command = spec.command.map { word in
            if word == old { return new }
            return word.hasPrefix(old + "/") ? new + word.dropFirst(old.count) : word
        }
        var entry = self
        entry.kind = .external(spec)
        return entry
    }
}
