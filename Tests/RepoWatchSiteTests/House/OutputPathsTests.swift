import Foundation
import Testing

/// One place spells where a built site's files go: `SiteLayout` (RepoWatchModel). A path written out
/// anywhere else drifts from it the day one of them changes (the previous site's history and feed
/// are read back from those paths, serve and publish look for them).
@Suite("Output paths: spelled only in SiteLayout")
struct OutputPathsTests {
    static var outputPath: Regex<(Substring, Substring?, Substring?)> {
        /"(repos|data|assets|avatars|widgets|insights|search|badges|page|pagefind|owners)\/|"(index\.html|404\.html|feed\.xml|\.nojekyll|sitemap\.xml|robots\.txt)"/
    }
    /// Files whose paths are not the site's: the templates folder `templates export` writes.
    static let elsewhere: Set<String> = [
        "Sources/RepoWatchModel/Layout/SiteLayout.swift", "Sources/RepoWatchScaffold/TemplatesExport.swift",
    ]

    static func spelled(_ file: SourceFile) -> [String] {
        guard !elsewhere.contains(file.path) else { return [] }
        return String(decoding: file.text, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated().compactMap { index, line in
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                return code.contains(Self.outputPath) ? "\(file.path):\(index + 1): \(line)" : nil
            }
    }

    @Test("no source file but SiteLayout.swift spells an output path in a string")
    func pathsAreSpelledOnce() throws {
        let found = try HouseRulesTests.scanned.get().flatMap(Self.spelled)
        #expect(found.isEmpty, "\(found.count) lines:\n\(found.joined(separator: "\n"))")
    }

    @Test func theRuleSeesPathsInCode() {
        let file = SourceFile(
            path: "Example.swift",
            text: #"""
                let history = base.appendingPathComponent("data/history.json")
                /// `repos/OWNER/NAME/`: documented, not spelled.
                let link = "repos/\(repo)/"
                let page = SiteLayout.index  // "index.html"
                let feed = "feed.xml"
                """#)
        #expect(Self.spelled(file).map { $0.split(separator: ":")[1] } == ["1", "3", "5"])
    }
}
