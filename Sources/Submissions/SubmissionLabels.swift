/// The labels shown beside a class's entries. An entry's identity is its folder (the student's
/// login); its manifest's `name:` is only a label for display, which can never take an entry,
/// a kept version or a name away from anyone.
///
/// - A label is the `name:` with control characters and bidirectional overrides removed and
///   runs of spaces made one; none when nothing is left or it is the folder's own name.
/// - Labels are compared as the log and server names fold them (letters and digits, case
///   ignored): `alice.`, `Alice` and `alice` are one. A label that another folder, a listed
///   bot, or a second label also folds to is shown with its folder, `alice (adam)`; the
///   folder or listed bot whose name it is keeps the plain name.
///
/// ```swift
/// SubmissionLabels.shown(labels: ["adam": "alice", "bob": "Destroyer"], folders: ["adam", "alice", "bob"], listed: [])
/// // ["adam": "alice (adam)", "bob": "Destroyer"]
/// ```
public enum SubmissionLabels {
    /// `name` cleaned for display; nil when nothing is left.
    public static func clean(_ name: String?) -> String? {
        guard let name else { return nil }
        var text = ""
        for scalar in name.unicodeScalars {
            let value = scalar.value
            let control =
                value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
                || (0x200B...0x200F).contains(value) || value == 0xFEFF
            if control || scalar.properties.isWhitespace {
                if !text.isEmpty && text.last != " " { text.append(" ") }
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        while text.last == " " { text.removeLast() }
        return text.isEmpty ? nil : text
    }

    /// The fold two names are compared in: lower-cased letters and digits only.
    public static func fold(_ name: String) -> String {
        String(String.UnicodeScalarView(name.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }))
    }

    /// The label shown for each folder of `labels` (folder: cleaned label), given every folder
    /// of `bots_from:` and the listed bots' names; a folder whose label is its own name is left
    /// out.
    public static func shown(labels: [String: String], folders: [String], listed: [String]) -> [String: String] {
        let owners = Set((folders + listed).map(fold))
        var uses: [String: Int] = [:]
        for label in labels.values { uses[fold(label), default: 0] += 1 }
        var shown: [String: String] = [:]
        for (folder, label) in labels {
            let folded = fold(label)
            // The folder whose name it is keeps it as written (`Alice` for the folder `alice`).
            if folded == fold(folder) {
                if label != folder { shown[folder] = label }
                continue
            }
            let clashes = folded.isEmpty || owners.contains(folded) || uses[folded, default: 0] > 1
            shown[folder] = clashes ? "\(label) (\(folder))" : label
        }
        return shown
    }
}
