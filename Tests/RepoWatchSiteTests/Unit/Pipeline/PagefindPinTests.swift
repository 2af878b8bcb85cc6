import Foundation
import Testing

@testable import RepoWatchSite

@Suite("Pagefind: one pinned version everywhere")
struct PagefindPinTests {
    @Test("the Action, CI and the warning's advice install the version the code names")
    func oneVersion() throws {
        let root = E2EPaths.packageRoot
        let action = try String(contentsOf: root.appendingPathComponent("action.yml"), encoding: .utf8)
        #expect(action.contains("default: \"\(Pagefind.pinnedVersion)\""))
        let ci = try String(contentsOf: root.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(
            ci.contains("pagefind-bin==\(Pagefind.pinnedVersion)") && ci.contains("!= \(Pagefind.pinnedVersion) ]]"))
        let docs = try String(contentsOf: root.appendingPathComponent("docs/search.md"), encoding: .utf8)
        #expect(docs.contains("pagefind-bin==\(Pagefind.pinnedVersion)"))
    }
}
