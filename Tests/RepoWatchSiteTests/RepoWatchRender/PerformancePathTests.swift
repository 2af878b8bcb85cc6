import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchOutput
@testable import RepoWatchRender
@testable import RepoWatchSite
@testable import RepoWatchSources
@testable import RepoWatchSupport

@Suite struct PerformancePathTests {
    @Test func rootMarkersAreFilledOnBytesLeavingOtherTextAlone() {
        let marker = WidgetFragments.rootMarker
        let html = "<img src=\"\(marker)avatars/a.png\"> é ✓ \u{E000}x <a href=\"\(marker)repos/a/b/\">"
        #expect(
            WidgetFragments.fillRoot(html, with: "../../../")
                == "<img src=\"../../../avatars/a.png\"> é ✓ \u{E000}x <a href=\"../../../repos/a/b/\">")
        #expect(WidgetFragments.fillRoot("no marker", with: "x") == "no marker")
        #expect(WidgetFragments.fillRoot(marker, with: "") == "")
    }

    struct Boom: Error {}

    @Test func parallelWorkRunsEveryItemAndRethrows() throws {
        let seen = FileCollector()
        try Parallel.forEach(0..<200) { seen.add(String($0), Data()) }
        #expect(seen.files.count == 200)
        #expect(throws: Boom.self) {
            try Parallel.forEach(0..<50) { index in
                if index == 17 { throw Boom() }
            }
        }
    }

    @Test func parallelMapKeepsTheOrderAndRethrows() throws {
        #expect(try Parallel.map(5..<305) { $0 * 2 } == (5..<305).map { $0 * 2 })
        #expect(try Parallel.map(0..<0) { $0 }.isEmpty)
        #expect(throws: Boom.self) {
            try Parallel.map(0..<50) { index in
                if index == 17 { throw Boom() }
                return index
            }
        }
    }

    @Test func stagedSiteTakesFilesFromManyThreads() throws {
        let parent = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let target = parent.appendingPathComponent("public")
        let staged = try SiteWriter(target: target).begin()
        try Parallel.forEach(0..<300) { index in
            try staged.add("repos/owner\(index % 7)/repo\(index)/index.html", Data("page \(index)".utf8))
        }
        try staged.commit()
        #expect(staged.fileCount == 300)
        let page = try String(
            contentsOf: target.appendingPathComponent("repos/owner3/repo10/index.html"), encoding: .utf8)
        #expect(page == "page 10")
    }

    @Test func renderingIsTheSameStreamedOrCollected() throws {
        let now = ISO8601.parse("2026-11-22T12:00:00Z")!
        let config = try ConfigLoader(file: "site.yml").parse(
            "repos:\n" + (0..<70).map { "  - owner\($0 % 5)/repo\($0)\n" }.joined()
                + "widgets:\n  - kind: double\n  - kind: single\n    repo: owner1/repo1\n    sizes: [large]\n"
        ).config
        let snapshot = Snapshot(
            generatedAt: now, nextUpdate: now, sample: true,
            repos: config.repos.map {
                var repo = SampleData.snapshot(for: $0, now: now)
                repo.ownerAvatar = "avatars/\($0.owner).svg"
                return repo
            })
        let renderer = SiteRenderer(
            config: config, templates: try TemplateSet.load(siteDirectory: nil),
            options: try RenderOptions())
        let first = try renderer.render(snapshot)
        // Streamed: each file to disk as it is finished, through the staging folder a build uses.
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("public", isDirectory: true)
        let staged = try SiteWriter(target: output).begin()
        try renderer.render(snapshot, into: staged.add)
        try staged.commit()
        var streamed: [String: Data] = [:]
        try FileTree.walk(
            output.path, file: { streamed[$0] = try Data(contentsOf: output.appendingPathComponent($0)) },
            folder: { _ in })
        #expect(streamed.keys.sorted() == first.keys.sorted())
        for (path, data) in first where streamed[path] != data { Issue.record("\(path) differs streamed") }
        let page = String(decoding: try #require(first["repos/owner1/repo1/large.html"]), as: UTF8.self)
        #expect(page.contains("src=\"../../../avatars/owner1.svg\""))
        #expect(page.contains("href=\"../../../assets/style.css\""))
        let gallery = String(decoding: try #require(first["index.html"]), as: UTF8.self)
        #expect(gallery.contains("src=\"avatars/owner"))
        #expect(!first.values.contains { $0.range(of: Data(WidgetFragments.rootMarker.utf8)) != nil })
    }
}
