import Foundation
import Testing

@testable import RepoWatchOutput
@testable import RepoWatchSite

/// The writer recovers a site left between the two moves of a swap.
@Suite struct SiteWriterRecoveryTests {
    @Test func aSwapInterruptedBetweenItsTwoMovesIsUndone() throws {
        let parent = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let aside = parent.appendingPathComponent(".public.old-1234abcd")
        try FileManager.default.createDirectory(at: aside, withIntermediateDirectories: true)
        try Data("previous".utf8).write(to: aside.appendingPathComponent("index.html"))
        let writer = SiteWriter(target: parent.appendingPathComponent("public"))
        let staged = try writer.begin()
        let restored = parent.appendingPathComponent("public/index.html")
        #expect(try String(contentsOf: restored, encoding: .utf8) == "previous")
        staged.abandon()
    }
}
