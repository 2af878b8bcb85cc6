import Foundation
import Testing

@testable import RepoWatchOutput
@testable import RepoWatchSite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which file a path names, and when its bytes were last written.
struct FileStamp: Equatable, CustomStringConvertible {
    var inode: UInt64
    var modified: Int

    init?(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        inode = UInt64(info.st_ino)
        #if canImport(Darwin)
            modified = Int(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int(info.st_mtimespec.tv_nsec)
        #else
            modified = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
        #endif
    }

    var description: String { "inode \(inode), modified \(modified)" }

    /// Every regular file under `folder`, relative path → stamp.
    static func tree(_ folder: URL) -> [String: FileStamp] {
        let root = folder.standardizedFileURL.path
        var stamps: [String: FileStamp] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [:] }
        for case let relative as String in walker {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory),
                !isDirectory.boolValue
            else { continue }
            stamps[relative] = FileStamp(root + "/" + relative)
        }
        return stamps
    }
}

@Suite struct UnchangedFilesTests {
    func contents(_ folder: URL) throws -> [String: String] {
        try FileStamp.tree(folder).keys.reduce(into: [:]) { files, relative in
            files[relative] = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
        }
    }

    func write(_ writer: SiteWriter, _ files: [String: String]) throws -> StagedSite {
        let staged = try writer.begin()
        for (path, text) in files { try staged.add(path, Data(text.utf8)) }
        try staged.commit()
        return staged
    }

    @Test func aSiteWrittenAgainWithTheSameBytesKeepsEveryFile() throws {
        let parent = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let target = parent.appendingPathComponent("public")
        let writer = SiteWriter(target: target)
        let files = ["index.html": "gallery", "repos/a/b/index.html": "ab", "repos/a/b/medium.svg": "<svg/>"]
        let first = try write(writer, files)
        #expect((first.writtenCount, first.unchangedCount) == (3, 0))
        let stamps = FileStamp.tree(target)
        // The second build starts from an empty staging folder, the third from the recycled site.
        for _ in 0..<3 {
            let again = try write(writer, files)
            #expect((again.fileCount, again.writtenCount, again.unchangedCount) == (3, 0, 3))
            #expect(FileStamp.tree(target) == stamps)
            #expect(try contents(target) == files)
        }
    }

    @Test func onlyTheFilesThatChangedAreWritten() throws {
        let parent = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let target = parent.appendingPathComponent("public")
        let writer = SiteWriter(target: target)
        _ = try write(writer, ["index.html": "v1", "a.svg": "same", "b.svg": "same too"])
        _ = try write(writer, ["index.html": "v2", "a.svg": "same", "b.svg": "same too"])
        let before = FileStamp.tree(target)
        let third = try write(writer, ["index.html": "v3", "a.svg": "same", "b.svg": "changed", "new.html": "new"])
        #expect((third.writtenCount, third.unchangedCount) == (3, 1))
        let after = FileStamp.tree(target)
        #expect(after["a.svg"] == before["a.svg"])
        #expect(after["index.html"] != before["index.html"] && after["b.svg"] != before["b.svg"])
        #expect(try contents(target) == ["index.html": "v3", "a.svg": "same", "b.svg": "changed", "new.html": "new"])
    }

    /// The staging folder shares its unchanged files with the published site: a file that changes
    /// must become a file of its own, or writing it would change the published site mid-build.
    @Test func aFailedBuildNeverChangesThePublishedFilesItSharesNamesWith() throws {
        let parent = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let target = parent.appendingPathComponent("public")
        let writer = SiteWriter(target: target)
        let files = ["index.html": "published", "repos/a/b/medium.svg": "svg", "x": "a file"]
        _ = try write(writer, files)
        _ = try write(writer, files)
        _ = try write(writer, files)
        let staged = try writer.begin()
        try staged.add("index.html", Data("half-built".utf8))
        try staged.add("repos/a/b/medium.svg", Data("other svg".utf8))
        try staged.add("x/now-a-folder.html", Data("inside".utf8))
        staged.abandon()
        #expect(try contents(target) == files)

        let next = ["index.html": "next", "repos/a/b/medium.svg": "svg", "x/now-a-folder.html": "inside"]
        _ = try write(writer, next)
        #expect(try contents(target) == next)
        _ = try write(writer, files)
        #expect(try contents(target) == files)
    }

    @Test func aPublishedLinkOrFolderIsNeverTakenForTheSameFile() throws {
        let parent = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let target = parent.appendingPathComponent("public")
        let writer = SiteWriter(target: target)
        _ = try write(writer, ["index.html": "site", "page.html": "page"])
        let outside = parent.appendingPathComponent("outside.html")
        try Data("page".utf8).write(to: outside)
        try FileManager.default.removeItem(at: target.appendingPathComponent("page.html"))
        try FileManager.default.createSymbolicLink(
            at: target.appendingPathComponent("page.html"), withDestinationURL: outside)
        let staged = try write(writer, ["index.html": "site", "page.html": "page"])
        #expect((staged.writtenCount, staged.unchangedCount) == (1, 1))
        let attributes = try FileManager.default.attributesOfItem(
            atPath: target.appendingPathComponent("page.html").path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
    }

    /// `data/history.json` is streamed through `add(_:writingWith:)`: unchanged, it is kept like any
    /// other file; changed, it is written as a file of its own, never through the published one.
    @Test func aStreamedFileIsKeptWhenUnchangedAndNeverWrittenThroughThePublishedOne() throws {
        let parent = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let target = parent.appendingPathComponent("public")
        let writer = SiteWriter(target: target)
        func build(_ text: String) throws -> StagedSite {
            let staged = try writer.begin()
            try staged.add("index.html", Data("gallery".utf8))
            try staged.add("data/history.json") { path in try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
            try staged.commit()
            return staged
        }
        _ = try build("[1]")
        _ = try build("[1]")
        let kept = FileStamp.tree(target)
        let same = try build("[1]")
        #expect((same.writtenCount, same.unchangedCount) == (0, 2))
        #expect(FileStamp.tree(target) == kept)
        let recycled = parent.appendingPathComponent(".public.recycled/data/history.json")
        let changed = try build("[1,2]")
        #expect((changed.writtenCount, changed.unchangedCount) == (1, 1))
        #expect(try String(contentsOf: target.appendingPathComponent("data/history.json"), encoding: .utf8) == "[1,2]")
        #expect(try String(contentsOf: recycled, encoding: .utf8) == "[1]", "the previous site keeps its bytes")
    }
}
