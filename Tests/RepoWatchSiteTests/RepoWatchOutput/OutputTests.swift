import Foundation
import Testing

@testable import RepoWatchOutput
@testable import RepoWatchSite

@Suite struct SiteWriterTests {
    @Test func replacesTheWholeSiteAndLeavesNoStagingFolder() throws {
        let parent = try temporaryDirectory()
        let target = parent.appendingPathComponent("public")
        let writer = SiteWriter(target: target)
        try writer.write(["index.html": Data("one".utf8), "old/page.html": Data("x".utf8)])
        try writer.write(["index.html": Data("two".utf8), "repos/a/b/index.html": Data("b".utf8)])
        #expect(try String(contentsOf: target.appendingPathComponent("index.html"), encoding: .utf8) == "two")
        #expect(!FileManager.default.fileExists(atPath: target.appendingPathComponent("old/page.html").path))
        // The replaced site is kept, hidden, for the next build to write over.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted() == [".public.recycled", "public"])
    }

    @Test("a symlinked output folder is written through: the link stays, the site lands where it points")
    func symlinkedOutputIsWrittenThrough() throws {
        let parent = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let manager = FileManager.default
        let site = parent.appendingPathComponent("site")
        let served = parent.appendingPathComponent("srv/www")
        try manager.createDirectory(at: site, withIntermediateDirectories: true)
        try manager.createDirectory(at: served, withIntermediateDirectories: true)
        let link = site.appendingPathComponent("public")
        try manager.createSymbolicLink(atPath: link.path, withDestinationPath: "../srv/www")
        // What a build before this fix left: the old link kept aside as the next staging folder.
        try manager.createSymbolicLink(
            atPath: site.appendingPathComponent(".public.recycled").path, withDestinationPath: served.path)
        for round in ["one", "two", "three"] {
            try SiteWriter(target: link).write(["index.html": Data(round.utf8)])
            #expect(try manager.destinationOfSymbolicLink(atPath: link.path) == "../srv/www", "the link stays")
            #expect(
                try String(contentsOf: served.appendingPathComponent("index.html"), encoding: .utf8) == round,
                "the site is in the folder the link names")
        }
        #expect(try manager.contentsOfDirectory(atPath: site.path) == ["public"], "no staging link left beside it")
        #expect(try manager.contentsOfDirectory(atPath: served.path) == ["index.html"])
        let beside = try manager.contentsOfDirectory(atPath: served.deletingLastPathComponent().path).sorted()
        #expect(beside == [".www.recycled", "www"], "\(beside)")
        #expect(FileTree.entry(served.path)?.kind == .folder)
    }

    @Test("a link to an output folder not made yet: the folder is made where it points")
    func danglingLinkMakesItsFolder() throws {
        let parent = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let link = parent.appendingPathComponent("public")
        let served = parent.appendingPathComponent("www")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: served.path)
        try SiteWriter(target: link).write(["index.html": Data("one".utf8)])
        #expect(FileTree.entry(link.path)?.kind == .link)
        #expect(try String(contentsOf: served.appendingPathComponent("index.html"), encoding: .utf8) == "one")
    }

    @Test func aReusedTreeEndsUpExactlyAsTheNewSite() throws {
        let parent = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let target = parent.appendingPathComponent("public")
        let writer = SiteWriter(target: target)
        let builds: [[String: String]] = [
            ["index.html": "1", "repos/a/b/index.html": "ab", "repos/c/d/index.html": "cd", "x": "file"],
            ["index.html": "2", "repos/a/b/index.html": "ab2", "x/inside.html": "now a folder"],
            ["index.html": "3", "repos/c/d/index.html": "cd3", "x": "a file again"],
            ["index.html": "4"],
            ["index.html": "5", "repos/a/b/index.html": "ab5"],
        ]
        for files in builds {
            try writer.write(files.mapValues { Data($0.utf8) })
            let tree = Dictionary(
                uniqueKeysWithValues: (FileManager.default.enumerator(atPath: target.path)?.allObjects as? [String]
                    ?? [])
                    .compactMap { relative -> (String, String)? in
                        var isDirectory: ObjCBool = false
                        let path = target.appendingPathComponent(relative).path
                        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
                            !isDirectory.boolValue
                        else { return nil }
                        return (relative, (try? String(contentsOfFile: path, encoding: .utf8)) ?? "?")
                    })
            #expect(tree == files)
            let folders = (FileManager.default.enumerator(atPath: target.path)?.allObjects as? [String] ?? [])
                .filter { relative in
                    var isDirectory: ObjCBool = false
                    return FileManager.default.fileExists(
                        atPath: target.appendingPathComponent(relative).path, isDirectory: &isDirectory)
                        && isDirectory.boolValue
                }
            let needed = Set(
                files.keys.flatMap { key -> [String] in
                    var parts = key.split(separator: "/").dropLast().map(String.init)
                    var prefixes: [String] = []
                    while !parts.isEmpty {
                        prefixes.append(parts.joined(separator: "/"))
                        parts.removeLast()
                    }
                    return prefixes
                })
            #expect(Set(folders) == needed, "empty folders were left behind")
        }
    }

    @Test func aFailedWriteLeavesThePreviousSiteIntact() throws {
        let parent = try temporaryDirectory()
        let target = parent.appendingPathComponent("public")
        let writer = SiteWriter(target: target)
        try writer.write(["index.html": Data("good".utf8)])
        #expect(throws: SiteWriter.WriteError.self) {
            try writer.write(["index.html": Data("bad".utf8), "../escape.html": Data()])
        }
        #expect(try String(contentsOf: target.appendingPathComponent("index.html"), encoding: .utf8) == "good")
        #expect(!FileManager.default.fileExists(atPath: parent.appendingPathComponent("escape.html").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["public"])
    }

    @Test func clearsWhatAnInterruptedBuildLeftBehind() throws {
        let parent = try temporaryDirectory()
        let leftover = parent.appendingPathComponent(".public.building-deadbeef/index.html")
        try FileManager.default.createDirectory(
            at: leftover.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("half".utf8).write(to: leftover)
        let unrelated = parent.appendingPathComponent(".other")
        try Data().write(to: unrelated)
        try SiteWriter(target: parent.appendingPathComponent("public")).write(["index.html": Data("ok".utf8)])
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted() == [".other", "public"])
    }

    @Test func rejectsPathsThatEscape() {
        for path in ["../x", "/etc/passwd", "a/../../b", "a//b", "", ".", "..", "a/./b", "a/..", "a/", "/"] {
            #expect(throws: SiteWriter.WriteError.self) { try SiteWriter.validate(path) }
        }
        for path in ["repos/a/b/index.html", ".nojekyll", "a/.../b", "a/..b/c", ".well-known/x", "a/b."] {
            #expect(throws: Never.self) { try SiteWriter.validate(path) }
        }
    }
}
