/// The notes snapshot.json keeps in `contributors_note` when the list is missing (its English text is
/// part of the file's format); cards show them in the site's locale.
package enum ContributorsNote {
    package static let tooLarge = "Contributor list too large for GitHub to show"
    package static let unavailable = "Contributors unavailable"
    /// A budgeted build did not reach them yet (`RepoSnapshot.pending`).
    package static let pending = "Contributors not fetched yet"
}
