import Foundation
import Synchronization

/// Keeps one API's requests under its points a minute, so that GitHub has no reason to answer
/// "secondary rate limit": a request goes only while fewer than `limit` went in the last window.
///
/// The window is the limits' minute plus a margin (2 %, and at least half a second), because GitHub
/// counts when requests arrive and we count when they leave: a request that took longer on the way
/// must not push a later one into the same minute. A build under the limit is never slowed; a larger one sends a
/// minute's requests, then each next request exactly one window after the one it replaces.
///
/// The wait happens once the request holds its connection slot (`ready`), just before it is sent,
/// so the time counted is the time it leaves. Every request counts, a 304 too: the secondary limit
/// counts requests, not quota.
package final class Pacer: RequestAllowance {
    package static let margin = 0.02
    /// How late a request may arrive, at least: the margin of a shortened minute (a test server's).
    static let leastMargin = 0.5

    package let scope: APIScope
    package let limit: Int
    let window: Double
    private let clock: @Sendable () -> Double
    private let sleep: @Sendable (Double) async throws -> Void
    private let state: Mutex<State>

    private struct State {
        /// When each of the last `limit` requests left, oldest first (a ring).
        var sent: [Double] = []
        var next = 0
        var longest: Double = 0
        var delayed = 0
    }

    /// - Parameters:
    ///   - clock: seconds on a steady clock (tests give their own).
    package init(
        scope: APIScope, perMinute limit: Int, minute: Double = 60,
        clock: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime },
        sleep: @escaping @Sendable (Double) async throws -> Void = { try await Task.sleep(for: .seconds($0)) }
    ) {
        self.scope = scope
        self.limit = max(1, limit)
        window = minute + max(minute * Self.margin, Self.leastMargin)
        self.clock = clock
        self.sleep = sleep
        state = Mutex(State())
    }

    /// How many requests waited for the window, and the longest wait in seconds.
    package var waits: (longest: Double, requests: Int) { state.withLock { ($0.longest, $0.delayed) } }

    package func admit(_ request: NetworkRequest) async throws {}

    package func ready(_ request: NetworkRequest) async throws {
        guard scope.contains(request.url), request.credentials else { return }
        let wait = reserve()
        if wait > 0 { try await sleep(wait) }
    }

    package func settle(_ request: NetworkRequest, with response: NetworkResponse) async {}

    /// Books the earliest moment the request may leave and returns how long until then. Booked at
    /// once, so requests waiting together leave in the order they asked.
    private func reserve() -> Double {
        state.withLock { state in
            let now = clock()
            var leaves = now
            if state.sent.count < limit {
                state.sent.append(now)
            } else {
                // The request `limit` places back must have left a whole window before this one.
                leaves = max(now, state.sent[state.next] + window)
                state.sent[state.next] = leaves
                state.next = (state.next + 1) % limit
            }
            let wait = leaves - now
            if wait > 0 {
                state.longest = max(state.longest, wait)
                state.delayed += 1
            }
            return wait
        }
    }
}
