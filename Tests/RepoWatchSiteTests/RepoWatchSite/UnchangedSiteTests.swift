import Foundation
import Testing

@testable import RepoWatchOutput
@testable import RepoWatchSite
@testable import RepoWatchSupport

/// A build made from the same inputs as the published site keeps that site as it is, without
/// rendering it; any change to an input renders it again, and what it keeps is what a render writes.
@Suite("A site made from unchanged inputs is kept, not rendered again")
struct UnchangedSiteTests {
    /// What a row does to the site's folder after the first build, before the second.
    enum Change: String, CaseIterable, CustomStringConvertible {
        case nothing
        case clockMoved = "the clock moved"
        case siteEdited = "site.yml edited"
        case templateAdded = "a template added in Templates/"
        case outputDeleted = "public/ deleted"
        case outputReplaced = "public/ replaced by a copy"
        case recordLost = "the cache's record lost"
        case cacheLost = "the cache lost"

        var description: String { rawValue }

        /// Whether the second build may keep the published site.
        var keeps: Bool { self == .nothing }
    }

    static let later = MatrixTime.now.addingTimeInterval(3600)

    func apply(_ change: Change, to folder: URL) throws {
        let manager = FileManager.default
        let output = folder.appendingPathComponent("public")
        switch change {
        case .nothing, .clockMoved: break
        case .siteEdited:
            let site = folder.appendingPathComponent("site.yml")
            let text = try String(contentsOf: site, encoding: .utf8)
            try Data(text.replacingOccurrences(of: "title: Last good", with: "title: Edited").utf8).write(to: site)
        case .templateAdded:
            let templates = folder.appendingPathComponent("Templates")
            try manager.createDirectory(at: templates, withIntermediateDirectories: true)
            try Data("<p>{{site.title}} edited</p>\n".utf8).write(to: templates.appendingPathComponent("404.mustache"))
        case .outputDeleted: try manager.removeItem(at: output)
        case .outputReplaced:
            let copy = folder.appendingPathComponent("public-copy")
            try manager.copyItem(at: output, to: copy)
            try manager.removeItem(at: output)
            try manager.moveItem(at: copy, to: output)
        case .recordLost:
            try manager.removeItem(at: folder.appendingPathComponent(".repowatch/\(PublishedSite.fileName)"))
        case .cacheLost: try manager.removeItem(at: folder.appendingPathComponent(".repowatch"))
        }
    }

    static func inode(_ folder: URL) -> UInt64? { FileTree.entry(folder.path)?.inode }

    /// Every file of a site, by path: its bytes.
    static func files(_ site: URL) throws -> [String: Data] {
        try FileStamp.tree(site).keys.reduce(into: [:]) { files, path in
            files[path] = try Data(contentsOf: site.appendingPathComponent(path))
        }
    }

    @Test("the second of two builds", arguments: Change.allCases)
    func secondBuild(after change: Change) async throws {
        let folder = try await MatrixBuilder.lastGood()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("public")
        let offline = change != .cacheLost
        // The first build records the site it published; the last good one did too, at another time.
        let (first, firstLog) = try await MatrixBuilder.build(
            in: folder, world: FaultWorld(version: 1), now: MatrixTime.now, offline: true)
        #expect(first.exitCode == 0, "\(firstLog.messages)")
        let published = try #require(Self.inode(output))
        let before = FileStamp.tree(output)
        try apply(change, to: folder)
        let (second, log) = try await MatrixBuilder.build(
            in: folder, world: FaultWorld(version: 1), now: change == .clockMoved ? Self.later : MatrixTime.now,
            offline: offline)
        #expect(second.exitCode == 0, "\(log.messages)")
        if change.keeps {
            #expect(Self.inode(output) == published, "the published folder is kept")
            #expect(FileStamp.tree(output) == before, "no file written")
            #expect(second.fileCount == first.fileCount && second.unchangedCount == second.fileCount)
            #expect(second.byteCount == first.byteCount)
        } else {
            #expect(Self.inode(output) != published, "rendered and swapped in")
            #expect(FileStamp.tree(output).count > 0)
        }
        // A third build from the same inputs keeps whatever the second published (after a lost cache
        // the second fetched afresh, so an offline third has other inputs).
        guard change != .cacheLost else { return }
        let kept = try Self.files(output)
        let keptFolder = try #require(Self.inode(output))
        let (third, _) = try await MatrixBuilder.build(
            in: folder, world: FaultWorld(version: 1), now: change == .clockMoved ? Self.later : MatrixTime.now,
            offline: true)
        #expect(third.exitCode == 0)
        #expect(Self.inode(output) == keptFolder, "kept after \(change)")
        #expect(try Self.files(output) == kept)
        if change == .siteEdited {
            let gallery = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(gallery.contains("Edited"))
        }
    }

    @Test("what a build keeps is byte for byte what a render of the same inputs writes")
    func keptEqualsRendered() async throws {
        let folder = try await MatrixBuilder.lastGood()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("public")
        _ = try await MatrixBuilder.build(
            in: folder, world: FaultWorld(version: 1), now: MatrixTime.now, offline: true)
        let kept = try Self.files(output)
        try FileManager.default.removeItem(at: folder.appendingPathComponent(".repowatch/\(PublishedSite.fileName)"))
        let (rendered, log) = try await MatrixBuilder.build(
            in: folder, world: FaultWorld(version: 1), now: MatrixTime.now, offline: true)
        #expect(rendered.exitCode == 0, "\(log.messages)")
        #expect(rendered.unchangedCount == rendered.fileCount, "every rendered file equal to the kept one")
        #expect(try Self.files(output) == kept)
    }

    @Test func theFingerprintFollowsEveryInputByteAndItsLength() {
        var a = InputDigest()
        a.add("ab")
        a.add("c")
        var b = InputDigest()
        b.add("a")
        b.add("bc")
        var c = InputDigest()
        c.add("ab")
        c.add("c")
        let (first, second, same) = (a.finish(), b.finish(), c.finish())
        #expect(first != second && first == same && first.count == 64)
    }
}
