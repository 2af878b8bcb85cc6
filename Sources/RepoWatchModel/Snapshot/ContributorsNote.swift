/// The notes snapshot.json keeps in `contributors_note` when the list is missing (its English text is
/// part of the file's format); cards show them in the site's locale.
package enum ContributorsNote {
    package static let tooLarge = "Contributor list too large for GitHub to show"
    package static let unavailable = "Contributors unavailable"
    /// A budgeted build did not reach them yet (`RepoSnapshot.pending`).
    package static let pending = "Contributors not fetched yet"
    /// The forge shows the repository (and so its contributors) to the project's members only.
    package static let membersOnly = "Contributors shown to project members only"

    /// Gitea and Forgejo list no contributors: the card ranks the authors of the last `count`
    /// commits, and says so beside them (the list is there; the note says what it counted).
    package static func amongLastCommits(_ count: Int) -> String { "\(amongLastPrefix)\(count) commits" }

    /// The commits a ranking counted, when the note says it ranked recent commits.
    package static func commitsCounted(_ note: String?) -> Int? {
        guard let note, note.hasPrefix(amongLastPrefix), note.hasSuffix(" commits") else { return nil }
        return Int(note.dropFirst(amongLastPrefix.count).dropLast(" commits".count))
    }

    private static let amongLastPrefix = "By commits among the last "
}
