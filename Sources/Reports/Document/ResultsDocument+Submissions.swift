extension ResultsDocument {
    /// A `bots_from:` folder's submissions: the bots entered with their build logs, and the
    /// folders not entered with their reasons. From `OUTPUT/submissions/entries.json`
    /// (``Submissions/SubmissionLedger``), the last discovery into the output folder.
    public struct SubmissionsSection: Hashable, Sendable, Codable {
        /// The `bots_from:` folder, as the tournament file gives it.
        public var folder: String
        /// Builds that ran before play, and builds skipped because the folder had not changed.
        public var buildsRun: Int
        public var buildsSkipped: Int
        public var entered: [EnteredSubmission]
        public var notEntered: [NotEnteredSubmission]

        public init(folder: String, buildsRun: Int, buildsSkipped: Int, entered: [EnteredSubmission], notEntered: [NotEnteredSubmission]) {
            self.folder = folder
            self.buildsRun = buildsRun
            self.buildsSkipped = buildsSkipped
            self.entered = entered
            self.notEntered = notEntered
        }
    }

    /// A submission that played.
    public struct EnteredSubmission: Hashable, Sendable, Codable {
        /// Its name in the tournament: its folder's.
        public var bot: String
        /// Its subfolder of `bots_from:`.
        public var folder: String
        /// The label its manifest's `name:` gives, as shown (with the folder when another has
        /// it too); absent without one.
        public var label: String?
        /// Its build log relative to results.json (`submissions/logs/FOLDER.build.log`);
        /// absent for a bot without `build:`.
        public var buildLog: String?
        /// Whether its build was skipped this time (unchanged since the cached build).
        public var buildSkipped: Bool?

        public init(bot: String, folder: String, label: String? = nil, buildLog: String?, buildSkipped: Bool?) {
            self.bot = bot
            self.folder = folder
            self.label = label
            self.buildLog = buildLog
            self.buildSkipped = buildSkipped
        }
    }

    /// A subfolder that did not play, and why.
    public struct NotEnteredSubmission: Hashable, Sendable, Codable {
        public var folder: String
        /// The label its manifest's `name:` gives, as shown, when it could be read.
        public var name: String?
        /// Why; for a failed build, with the end of its log.
        public var reason: String
        /// The build log relative to results.json, for a bot whose build ran.
        public var buildLog: String?

        public init(folder: String, name: String?, reason: String, buildLog: String?) {
            self.folder = folder
            self.name = name
            self.reason = reason
            self.buildLog = buildLog
        }
    }
}
