import Foundation
import Testing

@testable import RepoWatchScaffold

/// What the README shows a newcomer is what the project does: the workflow is the one `init` writes,
/// and the links into docs/ lead somewhere.
@Suite("README.md and docs/ stay true")
struct ReadmeTests {
    static let marker = "<!-- The workflow `init` writes, exactly (ReadmeTests checks it). -->"

    static func read(_ path: String) throws -> String {
        try String(contentsOf: E2EPaths.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("the README's workflow is, byte for byte, the .github/workflows/repowatch.yml that init writes")
    func workflowBlock() throws {
        let readme = try Self.read("README.md")
        let after = try #require(
            readme.components(separatedBy: Self.marker + "\n").dropFirst().first,
            "README.md has lost the line \(Self.marker)")
        let block = try #require(
            after.components(separatedBy: "```yaml\n").dropFirst().first?.components(separatedBy: "```\n").first)
        let written = try #require(SiteScaffold.files().first { $0.path == PagesWorkflow.path }?.text)
        if block != written {
            let ours = block.components(separatedBy: "\n")
            let theirs = written.components(separatedBy: "\n")
            let line =
                zip(ours, theirs).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(ours.count, theirs.count)
            Issue.record(
                """
                README.md's workflow (the ```yaml block after \(Self.marker)) differs from what \
                `repowatch-site init` writes, first at its line \(line + 1):
                  README: \(line < ours.count ? ours[line] : "(ends)")
                  init:   \(line < theirs.count ? theirs[line] : "(ends)")
                Replace the block with the .github/workflows/repowatch.yml of `repowatch-site init /tmp/site`.
                """)
        }
    }

    @Test("every relative link in README.md and docs/*.md names a file of the repository")
    func links() throws {
        let root = E2EPaths.packageRoot
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        #expect(docs.count >= 5)
        let pattern = try NSRegularExpression(pattern: #"\]\(([^)#\s]+)(#[^)\s]*)?\)"#)
        for page in ["README.md"] + docs {
            let text = try Self.read(page)
            let folder = URL(fileURLWithPath: page).deletingLastPathComponent().relativePath
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range(at: 1), in: text) else { continue }
                let target = String(text[range])
                if target.contains("://") || target.hasPrefix("mailto:") { continue }
                let path = folder == "." ? target : folder + "/" + target
                #expect(
                    FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path),
                    "\(page) links to \(target), which does not exist")
            }
        }
    }

    @Test("nothing in the repository points outside it, at a sibling folder of the checkout")
    func selfContained() throws {
        let root = E2EPaths.packageRoot
        let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
        // Spelled in pieces so that this file does not find itself.
        let needles = ["..", "/shared"].joined()
        let kinds = [".swift", ".sh", ".py", ".md", ".yml", ".json", ".mustache"]
        let skipped = [".build", ".git", ".swiftpm", "public", "dist", "Tests/Fixtures/github/recorded"]
        var offenders: [String] = []
        while let path = enumerator.nextObject() as? String {
            if skipped.contains(where: { path.hasPrefix($0) }) {
                enumerator.skipDescendants()
                continue
            }
            guard kinds.contains(where: path.hasSuffix) else { continue }
            let text = (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
            if text.contains(needles) { offenders.append(path) }
        }
        #expect(offenders.isEmpty, "these files point outside the repository: \(offenders)")
    }
}
