import Foundation
import Testing

@testable import RepoWatchSite
@testable import RepoWatchStorage

@Suite("Written paths: folders kept as a tree of names")
struct WrittenPathsTreeTests {
    @Test("paths that differ only in slashes or by a long name stay apart")
    func oddPathsStayApart() {
        var paths = WrittenPaths()
        let long = String(repeating: "long-owner-name-", count: 4)
        let files = ["a/b/f", "a//b/f", "/a/b/f", "a/b//f", "\(long)/b/f", "\(long)x/b/f"]
        #expect(files.map { paths.insert(file: $0) } == Array(repeating: true, count: files.count))
        #expect(files.allSatisfy { paths.contains(file: $0) } && paths.fileCount == files.count)
        #expect(!paths.contains(file: "a/f") && !paths.contains(file: "b/f") && !paths.contains(file: "\(long)/f"))
        #expect(!paths.contains(file: "/a//b/f") && !paths.contains(file: "f"))
    }

    @Test("the root and folders with empty names are different folders")
    func rootAndEmptyNames() {
        var paths = WrittenPaths()
        #expect(!paths.containsFolder(""))
        paths.insert(folder: "/")
        #expect(!paths.containsFolder("") && paths.containsFolder("/"))
        paths.insert(folder: "")
        paths.insert(folder: "x/y/z")
        #expect(paths.containsFolder("") && paths.containsFolder("x/y/z"))
        #expect(!paths.containsFolder("x/y") && !paths.containsFolder("x") && !paths.containsFolder("//"))
        #expect(!paths.containsFolder("x/y/z/w") && !paths.containsFolder("y/z"))
    }

    @Test("a file of a name without a bit is told apart by its folder")
    func otherNamesByFolder() {
        var paths = WrittenPaths()
        for index in 0..<64 { paths.insert(file: "names/n\(index)") }
        #expect(paths.insert(file: "a/extra") && paths.insert(file: "b/extra") && !paths.insert(file: "a/extra"))
        #expect(paths.contains(file: "a/extra") && !paths.contains(file: "c/extra"))
        #expect(paths.fileCount == 66)
    }

    @Test("a folder's made flag and its last file bit share a word without mixing")
    func madeFlagBesideBits() {
        var paths = WrittenPaths()
        for index in 0..<63 { paths.insert(file: "f/n\(index)") }
        #expect(!paths.containsFolder("f"))
        paths.insert(folder: "f")
        paths.insert(folder: "g")
        #expect(paths.containsFolder("f") && paths.containsFolder("g"))
        #expect((0..<63).allSatisfy { paths.contains(file: "f/n\($0)") })
        #expect(!paths.contains(file: "g/n62") && !paths.contains(file: "g/n0"))
        // The 64th name has no bit: kept by its path.
        #expect(paths.insert(file: "g/n63") && paths.contains(file: "g/n63") && !paths.contains(file: "f/n63"))
        #expect(paths.fileCount == 64)
    }

    @Test("files added to a folder already made keep it made")
    func filesAfterMade() {
        var paths = WrittenPaths()
        paths.insert(folder: "m")
        for index in 0..<63 { paths.insert(file: "m/n\(index)") }
        #expect(paths.containsFolder("m") && paths.contains(file: "m/n62") && paths.contains(file: "m/n0"))
        #expect(!paths.insert(file: "m/n62") && paths.fileCount == 63)
    }
}
