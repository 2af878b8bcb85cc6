import Foundation
import Testing

/// The two-year simulation (Benchmarks/years/simulate.py) at a small size: twenty days of twice-daily
/// builds against the drifting, faulty scripted GitHub, every build checked by the script (site whole,
/// history continuous, cache bounded, no crash or hang). The full two years run as a benchmark; this
/// keeps the script and the build honest with each other on every test run.
@Suite("End-to-end: twenty days of builds in the simulation", .timeLimit(.minutes(10)))
struct YearsSimulationTests {
    @Test("40 builds, 12 hours apart, with faults from the seed: every check of the simulation holds")
    func aMonthOfBuilds() async throws {
        let dir = try TempDir("years")
        defer { dir.remove() }
        let report = dir.url.appendingPathComponent("report.json")
        let script = E2EPaths.packageRoot.appendingPathComponent("Benchmarks/years/simulate.py")
        let result = try await BinaryRunner.run(
            [
                script.path, "--binary", try BinaryRunner.binaryURL().path, "--builds", "40", "--repos", "6",
                "--seed", "45", "--workdir", dir.url.appendingPathComponent("work").path, "--json", report.path,
            ],
            in: dir.url, environment: ProcessInfo.processInfo.environment, timeout: 540,
            executable: URL(fileURLWithPath: "/usr/bin/python3"))
        #expect(result.status == 0, "\(result)")
        let json = try JSONValue.decode(Data(contentsOf: report))
        #expect(json["failures"]?.array?.isEmpty == true, "\(json["failures"] ?? .null)")
        let tally = try #require(json["tally"])
        let ended = (tally["exit 0"]?.int ?? 0) + (tally["exit 1"]?.int ?? 0) + (tally["killed"]?.int ?? 0)
        #expect(ended == 40, "every build accounted for: \(tally)")
        // The checks had something to check: fresh points recorded, and faults that made some data stale.
        #expect((tally["fresh points"]?.int ?? 0) > 150, "\(tally)")
        #expect(
            (tally["stale"]?.int ?? 0) + (tally["unavailable"]?.int ?? 0) > 0, "no fault reached a widget: \(tally)")
    }
}
