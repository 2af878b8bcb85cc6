import Foundation
import Testing

@testable import RepoWatchNetwork
@testable import RepoWatchSite
@testable import RepoWatchSupport

/// The options are checked where they are made, so `serve`, the tests and the command line all get
/// the same refusals, each naming its flag.
@Suite struct FetchOptionsTests {
    /// Each wrong value on its own, with the flag its message must name.
    static var refusals: [(flag: String, make: () throws -> FetchOptions)] {
        [
            ("--timeout", { try FetchOptions(timeout: 0) }),
            ("--timeout", { try FetchOptions(timeout: -1) }),
            ("--max-wait", { try FetchOptions(maxWait: -1) }),
            ("--retries", { try FetchOptions(retries: 0) }),
            ("--retries", { try FetchOptions(retries: 11) }),
            ("--refresh", { try FetchOptions(offline: true, refresh: true) }),
            ("--jobs", { try FetchOptions(jobs: 0) }),
            ("--jobs", { try FetchOptions(jobs: 65) }),
            ("--budget", { try FetchOptions(budget: -1) }),
        ]
    }

    @Test func everyWrongValueIsRefusedNamingItsFlag() {
        for (flag, make) in Self.refusals {
            #expect(throws: UsageError.self, "\(flag)") { try make() }
            do {
                _ = try make()
            } catch {
                #expect("\(error)".contains(flag), "\(error)")
            }
        }
    }

    @Test func theBoundsThemselvesAreAccepted() throws {
        let low = try FetchOptions(jobs: 1, timeout: 0.1, maxWait: 0, retries: 1, budget: 0)
        #expect(low.jobs == 1 && low.retry.attempts == 1 && low.budget == 0)
        let high = try FetchOptions(jobs: 64, retries: 10)
        #expect(high.jobs == 64 && high.retry.attempts == 10)
    }

    @Test func theDefaultsAreTheCommandLinesDefaults() throws {
        let checked = try FetchOptions()
        let defaults = FetchOptions.defaults
        #expect(checked.jobs == defaults.jobs && defaults.jobs == 8)
        #expect(checked.timeout == defaults.timeout && checked.maxWait == defaults.maxWait)
        #expect(checked.retry.attempts == defaults.retry.attempts && checked.limits == defaults.limits)
        #expect(defaults.budget == nil && !defaults.offline && !defaults.refresh && defaults.apiURL == nil)
    }

    @Test func aSampleBuildCannotBeOffline() throws {
        #expect(throws: UsageError.self) { try BuildOptions(fetch: FetchOptions(offline: true), sample: true) }
        #expect(try BuildOptions(sample: true).sample)
        #expect(try BuildOptions(fetch: FetchOptions(offline: true)).fetch.offline)
    }
}
