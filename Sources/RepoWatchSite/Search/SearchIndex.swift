import Foundation
import RepoWatchModel
import RepoWatchOutput
import RepoWatchSupport

/// The last step before a staged site is swapped in, with `search: true`: Pagefind indexes the
/// finished repository pages, and its bundle becomes part of the site (`pagefind/`), so the index
/// always matches the pages it ships with and a failed index leaves the previous site in place.
struct SearchIndex: Sendable {
    let pagefind: Pagefind

    /// Returns what Pagefind said (its warnings), empty when it said nothing.
    func add(to staged: StagedSite) throws -> String {
        // A reused staging folder still holds the pages of repositories gone from site.yml: removed
        // first, or Pagefind would index them.
        try staged.prune()
        // Pagefind writes beside the staging folder (a name the next build clears if this one is
        // killed), and each file is added like any other: unchanged ones keep the published file.
        let bundle = URL(fileURLWithPath: staged.folder.path + "-pagefind", isDirectory: true)
        try? FileManager.default.removeItem(at: bundle)
        defer { try? FileManager.default.removeItem(at: bundle) }
        let said = try pagefind.index(site: staged.folder, output: bundle)
        var files: [String] = []
        FileTree.walk(bundle.path, file: { files.append($0) }, folder: { _ in })
        guard files.contains("pagefind.js") else {
            throw Pagefind.Unavailable(description: "Pagefind (\(pagefind.executable.path)) wrote no pagefind.js")
        }
        for file in files.sorted() {
            try staged.add(SiteLayout.pagefindFolder + file, Data(contentsOf: bundle.appendingPathComponent(file)))
        }
        try staged.add(SiteLayout.pagefindLicense, Data(PagefindNotice.text.utf8))
        return said
    }
}
