import Foundation

/// Where the tests find the package's files, for every suite: the package root, worked out here once
/// from this file's place (`Tests/RepoWatchSiteTests/Kit/`), and the fixtures under it.
enum E2EPaths {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Kit
        .deletingLastPathComponent()  // RepoWatchSiteTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root

    /// `Tests/Fixtures/`: the fixture server, GitHub's recordings, the Mustache spec.
    static var fixtures: URL { packageRoot.appendingPathComponent("Tests/Fixtures", isDirectory: true) }

    /// The real recorded GitHub responses: `$REPOWATCH_FIXTURES`, else the copy in this repository.
    static var sharedFixtures: URL {
        if let dir = ProcessInfo.processInfo.environment["REPOWATCH_FIXTURES"], !dir.isEmpty {
            return URL(fileURLWithPath: dir, isDirectory: true)
        }
        return recordedFixtures
    }

    /// `Tests/Fixtures/github/recorded/`: the recordings with their SOURCES.json and licences.
    static var recordedFixtures: URL { fixtures.appendingPathComponent("github/recorded", isDirectory: true) }

    /// The synthetic fixtures derived from them (see `Tests/Fixtures/github/README.md`).
    static var ownFixtures: URL { fixtures.appendingPathComponent("github", isDirectory: true) }

    static var serverScript: URL { fixtures.appendingPathComponent("fixture_server.py") }
}
