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
        package var rateLimitWaits = 0
    }

    public private(set) var counts = Counts()
    /// The pause and the stop, which a request reads as it gets its slot: without a hop to this actor.
    package nonisolated let gate = RateLimitGate()
    /// Set when a primary limit resets too far away: no more API requests this build.
    package var stoppedUntil: Date? { gate.stoppedUntil }

    package init() {}

    package func recordRequest() { counts.requests += 1 }
    package func recordNotModified() { counts.notModified += 1 }
    package func recordCacheOnly() { counts.fromCacheOnly += 1 }
    package func recordKept() { counts.keptAnswers += 1 }
    package func recordRetry() { counts.retries += 1 }
    package func recordWait() { counts.rateLimitWaits += 1 }

    package func recordQuota(_ headers: [String: String]) {
        if let remaining = headers["x-ratelimit-remaining"].flatMap(Int.init) { counts.quotaRemaining = remaining }
        if let limit = headers["x-ratelimit-limit"].flatMap(Int.init) { counts.quotaLimit = limit }
    }

    /// - Returns: whether this extended the pause (false when an equal or later one is already set).
    @discardableResult
    package func pause(until date: Date) -> Bool { gate.pause(until: date) }

    package func pauseDeadline() -> Date? { gate.pausedUntil }

    package func stop(until date: Date) { gate.stop(until: date) }
}

/// The rate-limit pause every API request waits out, and the stop after which none is sent.
package final class RateLimitGate: Sendable {
    private struct State {
        var paused: Date?
        var stopped: Date?
    }

    private let state = Mutex(State())

    package var pausedUntil: Date? { state.withLock { $0.paused } }
    package var stoppedUntil: Date? { state.withLock { $0.stopped } }

    /// - Returns: whether this extended the pause (false when an equal or later one is already set).
    package func pause(until date: Date) -> Bool {
        state.withLock { state in
            guard state.paused.map({ $0 < date.addingTimeInterval(-1) }) ?? true else { return false }
            state.paused = date
            return true
        }
    }

    package func stop(until date: Date) { state.withLock { $0.stopped = $0.stopped ?? date } }
}
