import Bots

extension SubmissionManifest {
    /// The tournament's limits `ceiling` lowered by the manifest's; a manifest may not ask
    /// for more than the tournament gives every bot.
    func limits(under ceiling: ResourceLimits) throws(SubmissionProblem) -> ResourceLimits {
        var limits = ceiling
        for fileKey in ResourceLimits.fileKeys {
            guard let request = asked(fileKey.key) else { continue }
            let allowed = ceiling[keyPath: fileKey.limit]
            if let allowed {
                guard let request, request <= allowed else {
                    let shown = request.map { String($0 / fileKey.unit) } ?? "none"
                    throw SubmissionProblem(
                        "`\(fileKey.key): \(shown)` in bot.yaml asks for more than the tournament's limit of \(allowed / fileKey.unit); ask for at most \(allowed / fileKey.unit), or remove it"
                    )
                }
            }
            limits[keyPath: fileKey.limit] = request
        }
        return limits
    }

    /// The manifest's value of `key`: nil when it does not set it, `.some(nil)` for `none`.
    private func asked(_ key: String) -> Int?? {
        guard let index = self.limits.index(forKey: key) else { return nil }
        return .some(self.limits[index].value)
    }
}
