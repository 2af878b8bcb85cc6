import Testing

@testable import RepoWatchScaffold
@testable import RepoWatchSupport

/// The workflow `init` writes follows the major tag of the release this source is: the release
/// workflow moves `vX` to each new `vX.Y.Z`, so `@vX` must be Version.swift's major.
@Suite("init's action reference follows Version.swift")
struct ActionReferenceTests {
    @Test("@vN in the generated workflow is the major of Version.current")
    func majorTag() throws {
        let parts = Version.current.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil }, "Version.current is MAJOR.MINOR.PATCH")
        let major = try #require(parts.first)
        #expect(PagesWorkflow.actionReference == "v\(major)")
        let workflow = try #require(SiteScaffold.files().first { $0.path == PagesWorkflow.path }?.text)
        #expect(workflow.contains("uses: \(PagesWorkflow.actionRepository)@v\(major)\n"))
    }
}
