import Foundation
import Testing

@testable import RepoWatchSite

@Suite("Pagefind: one pinned version everywhere")
struct PagefindPinTests {
    @Test("the Action, scripts/test.sh and the docs install the version the code names")
    func oneVersion() throws {
        let root = E2EPaths.packageRoot
        let action = try String(contentsOf: root.appendingPathComponent("action.yml"), encoding: .utf8)
        #expect(action.contains("default: \"\(Pagefind.pinnedVersion)\""))
        // scripts/test.sh installs what the tests need (CI runs it too).
        let tests = try String(contentsOf: root.appendingPathComponent("scripts/test.sh"), encoding: .utf8)
        #expect(
            tests.contains("pagefind_version=\(Pagefind.pinnedVersion)\n")
                && tests.contains("\"pagefind-bin==$pagefind_version\""))
        let docs = try String(contentsOf: root.appendingPathComponent("docs/search.md"), encoding: .utf8)
        #expect(docs.contains("pagefind-bin==\(Pagefind.pinnedVersion)"))
    }
}
