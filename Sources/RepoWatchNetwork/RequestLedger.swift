import Foundation
import Synchronization

/// Shared state of one build's requests: counts for the summary, the quota last reported, and the
/// rate-limit pause that every request must respect.
package actor RequestLedger {
    package struct Counts: Sendable, Equatable {
        package var requests = 0
        package var notModified = 0
        package var fromCacheOnly = 0
        /// Answers without validators reused within their lifetime: cache hits, no request.
        package var keptAnswers = 0
        package var retries = 0
        package var quotaRemaining: Int?
        package var quotaLimit: Int?
        /// When the quota comes back (`x-ratelimit-reset`).
        package var quotaReset: Date?
        var rateLimitWaits = 0
        /// Answers that said "rate limited": GitHub's secondary limit, and the quota used up.
        package var secondaryLimitAnswers = 0
        package var primaryLimitAnswers = 0
        /// Seconds every request was held by those answers (each pause counted once).
        package var rateLimitPause: Double = 0
    }

    package private(set) var counts = Counts()
    /// The pause and the stop, which a request reads as it gets its slot: without a hop to this actor.
    nonisolated let gate = RateLimitGate()
    /// Set when a primary limit resets too far away: no more API requests this build.
    package var stoppedUntil: Date? { gate.stoppedUntil }

    package init() {}

    func recordRequest() { counts.requests += 1 }
    func recordNotModified() { counts.notModified += 1 }
    func recordCacheOnly() { counts.fromCacheOnly += 1 }
    func recordKept() { counts.keptAnswers += 1 }
    func recordRetry() { counts.retries += 1 }
    func recordWait() { counts.rateLimitWaits += 1 }

    func recordLimit(_ signal: RateLimitSignal) {
        switch signal {
        case .primary: counts.primaryLimitAnswers += 1
        case .secondary: counts.secondaryLimitAnswers += 1
        }
    }

    /// Secondary limits GitHub did not say how long to wait for, so far: each doubles the next wait.
    private var untoldSecondary = 0

    /// When to try again after a secondary limit GitHub gave no time for: the pause already set
    /// (many requests meet one limit together), else `base` seconds, doubled for each earlier one.
    func backoff(now: Date, base: Double) -> Date {
        if let paused = gate.pausedUntil, paused > now { return paused }
        defer { untoldSecondary += 1 }
        return now.addingTimeInterval(base * pow(2, Double(min(untoldSecondary, 16))))
    }

    /// GitHub's `x-ratelimit-*`, or GitLab's `ratelimit-*` (the same three, without the `x-`).
    func recordQuota(_ headers: [String: String]) {
        func quota(_ name: String) -> String? { headers["x-ratelimit-" + name] ?? headers["ratelimit-" + name] }
        if let remaining = quota("remaining").flatMap(Int.init) { counts.quotaRemaining = remaining }
        if let limit = quota("limit").flatMap(Int.init) { counts.quotaLimit = limit }
        if let reset = quota("reset").flatMap(Double.init) {
            counts.quotaReset = Date(timeIntervalSince1970: reset)
        }
    }

    /// - Returns: whether this extended the pause (false when an equal or later one is already set).
    @discardableResult
    func pause(until date: Date, now: Date) -> Bool {
        let previous = gate.pausedUntil
        guard gate.pause(until: date) else { return false }
        let from = max(now, previous ?? now)
        counts.rateLimitPause += max(0, date.timeIntervalSince(from))
        return true
    }

    func pauseDeadline() -> Date? { gate.pausedUntil }

    package func stop(until date: Date) { gate.stop(until: date) }
}

/// The rate-limit pause every API request waits out, and the stop after which none is sent.
final class RateLimitGate: Sendable {
    private struct State {
        var paused: Date?
        var stopped: Date?
    }

    private let state = Mutex(State())

    var pausedUntil: Date? { state.withLock { $0.paused } }
    var stoppedUntil: Date? { state.withLock { $0.stopped } }

    /// - Returns: whether this extended the pause (false when an equal or later one is already set).
    func pause(until date: Date) -> Bool {
        state.withLock { state in
            guard state.paused.map({ $0 < date.addingTimeInterval(-1) }) ?? true else { return false }
            state.paused = date
            return true
        }
    }

    func stop(until date: Date) { state.withLock { $0.stopped = $0.stopped ?? date } }
}
