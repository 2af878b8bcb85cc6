import Foundation
import Testing

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
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["public"])
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
        for path in ["../x", "/etc/passwd", "a/../../b", "a//b", ""] {
            #expect(throws: SiteWriter.WriteError.self) { try SiteWriter.validate(path) }
        }
        #expect(throws: Never.self) { try SiteWriter.validate("repos/a/b/index.html") }
    }
}
