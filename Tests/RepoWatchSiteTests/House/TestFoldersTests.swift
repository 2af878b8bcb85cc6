import Foundation
import Testing

/// The tests are laid out like the code: a unit test sits in the folder named after the target it
/// tests, so the tests of a stage are found where its name says, and a folder named after no target
/// (a target renamed, a theme invented) shows here first.
@Suite("Test folders follow the Sources targets")
struct TestFoldersTests {
    /// Folders for tests that cross targets, by kind.
    static let kinds: Set = ["Action", "Browser", "EndToEnd", "Fuzz", "House", "Kit"]

    static var testsFolder: URL { E2EPaths.packageRoot.appendingPathComponent("Tests/RepoWatchSiteTests") }

    static func folders(in url: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: url.appendingPathComponent(name).path, isDirectory: &isFolder) && isFolder.boolValue
        }.sorted()
    }

    @Test("every folder names a Sources target or a kind of test, and no test file is loose")
    func foldersNameTargets() throws {
        let targets = Set(try Self.folders(in: E2EPaths.packageRoot.appendingPathComponent("Sources")))
        let folders = try Self.folders(in: Self.testsFolder)
        #expect(folders.contains("RepoWatchRender"), "found \(folders)")
        let strays = folders.filter { !targets.contains($0) && !Self.kinds.contains($0) }
        #expect(strays.isEmpty, "folders named after no target: \(strays)")
        let loose = try FileManager.default.contentsOfDirectory(atPath: Self.testsFolder.path)
            .filter { $0.hasSuffix(".swift") }
        #expect(loose.isEmpty, "test files outside a folder: \(loose)")
    }

    @Test("a suite in a target's folder imports that target")
    func suitesImportTheirTarget() throws {
        let targets = try Self.folders(in: Self.testsFolder).filter { $0.hasPrefix("RepoWatch") }
        var misplaced: [String] = []
        for target in targets {
            let folder = Self.testsFolder.appendingPathComponent(target)
            for file in try FileManager.default.subpathsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift")
            {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                // Helpers (a fault world, an SVG reader) hold no suite and may serve several folders.
                guard text.contains("@Test") else { continue }
                if !text.contains("import \(target)\n") { misplaced.append("\(target)/\(file)") }
            }
        }
        #expect(targets.count >= 10, "found \(targets)")
        #expect(misplaced.isEmpty, "suites that do not import the target of their folder: \(misplaced)")
    }
}
