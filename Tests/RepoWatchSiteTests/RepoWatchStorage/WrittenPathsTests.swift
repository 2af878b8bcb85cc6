import Foundation
import Testing

@testable import RepoWatchOutput
@testable import RepoWatchSite
@testable import RepoWatchStorage

@Suite("Written paths: the compact record of a build's files")
struct WrittenPathsTests {
    @Test("files are told apart by folder and name, a second write is not a new file")
    func filesByFolderAndName() {
        var paths = WrittenPaths()
        let firsts = ["repos/a/b/medium.svg", "repos/a/c/medium.svg", "index.html"].map { paths.insert(file: $0) }
        let again = paths.insert(file: "repos/a/b/medium.svg")
        #expect(firsts == [true, true, true] && !again)
        #expect(paths.fileCount == 3)
        #expect(paths.contains(file: "repos/a/b/medium.svg"))
        #expect(paths.contains(file: "index.html"))
        #expect(!paths.contains(file: "repos/a/b/large.svg"))
        #expect(!paths.contains(file: "repos/a/medium.svg"))
        #expect(!paths.contains(file: "repos/a/b/index.html"))
    }

    @Test("names past the 64 that get a bit are kept exactly too")
    func manyNames() {
        var paths = WrittenPaths()
        let avatars = (0..<200).map { paths.insert(file: "avatars/\($0).png") }
        let others = (0..<200).map { paths.insert(file: "other/\(199 - $0).png") }
        let again = [paths.insert(file: "avatars/150.png"), paths.insert(file: "other/3.png")]
        #expect(!(avatars + others).contains(false) && again == [false, false])
        #expect(paths.fileCount == 400)
        #expect(paths.contains(file: "avatars/199.png") && paths.contains(file: "other/0.png"))
        #expect(!paths.contains(file: "avatars/200.png"))
        #expect(!paths.contains(file: "other/200.png"))
    }

    @Test("a folder counts as made only once made, not because a file in it was recorded")
    func foldersMade() {
        var paths = WrittenPaths()
        paths.insert(file: "repos/a/b/index.html")
        #expect(!paths.containsFolder("repos/a/b"))
        paths.insert(folder: "repos/a/b")
        paths.insert(folder: "repos")
        #expect(paths.containsFolder("repos/a/b") && paths.containsFolder("repos"))
        #expect(!paths.containsFolder("repos/a"))
        #expect(paths.contains(file: "repos/a/b/index.html"))
    }

    @Test("a reused staging tree loses exactly what this build did not write")
    func reusedTreeKeepsOnlyWritten() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("written-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        let target = parent.appendingPathComponent("public")
        let names = (0..<80).map { "repos/o/r\($0 % 3)/f\($0).svg" }
        try SiteWriter(target: target).write(Dictionary(uniqueKeysWithValues: names.map { ($0, Data($0.utf8)) }))
        // Twice, so the second build writes over the recycled first site.
        try SiteWriter(target: target).write(["repos/o/r0/f0.svg": Data("x".utf8)])
        try SiteWriter(target: target).write(["repos/o/r1/f1.svg": Data("y".utf8), "index.html": Data()])
        let left = try #require(FileManager.default.subpaths(atPath: target.path)).sorted()
        #expect(left == ["index.html", "repos", "repos/o", "repos/o/r1", "repos/o/r1/f1.svg"])
    }
}
