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

    @Test func rejectsPathsThatEscape() {
        for path in ["../x", "/etc/passwd", "a/../../b", "a//b", ""] {
            #expect(throws: SiteWriter.WriteError.self) { try SiteWriter.validate(path) }
        }
        #expect(throws: Never.self) { try SiteWriter.validate("repos/a/b/index.html") }
    }
}
