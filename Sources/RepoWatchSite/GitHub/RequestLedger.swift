import Foundation

/// Shared state of one build's requests: counts for the summary, the quota last reported, and the
/// rate-limit pause that every request must respect.
actor RequestLedger {
    struct Counts: Sendable, Equatable {
        var requests = 0
        var notModified = 0
        var fromCacheOnly = 0
        /// Answers without validators reused within their lifetime: cache hits, no request.
        var keptAnswers = 0
        var retries = 0
        var quotaRemaining: Int?
        var quotaLimit: Int?
        var rateLimitWaits = 0
    }

    public private(set) var counts = Counts()
    /// The pause and the stop, which a request reads as it gets its slot: without a hop to this actor.
    nonisolated let gate = RateLimitGate()
    /// Set when a primary limit resets too far away: no more API requests this build.
    var stoppedUntil: Date? { gate.stoppedUntil }

    init() {}

    func recordRequest() { counts.requests += 1 }
    func recordNotModified() { counts.notModified += 1 }
    func recordCacheOnly() { counts.fromCacheOnly += 1 }
    func recordKept() { counts.keptAnswers += 1 }
    func recordRetry() { counts.retries += 1 }
    func recordWait() { counts.rateLimitWaits += 1 }

    func recordQuota(_ headers: [String: String]) {
        if let remaining = headers["x-ratelimit-remaining"].flatMap(Int.init) { counts.quotaRemaining = remaining }
        if let limit = headers["x-ratelimit-limit"].flatMap(Int.init) { counts.quotaLimit = limit }
    }

    /// - Returns: whether this extended the pause (false when an equal or later one is already set).
    @discardableResult
    func pause(until date: Date) -> Bool { gate.pause(until: date) }

    func pauseDeadline() -> Date? { gate.pausedUntil }

    func stop(until date: Date) { gate.stop(until: date) }
}

/// The rate-limit pause every API request waits out, and the stop after which none is sent.
final class RateLimitGate: @unchecked Sendable {
    private let lock = NSLock()
    private var paused: Date?
    private var stopped: Date?

    var pausedUntil: Date? { lock.withLock { paused } }
    var stoppedUntil: Date? { lock.withLock { stopped } }

    /// - Returns: whether this extended the pause (false when an equal or later one is already set).
    func pause(until date: Date) -> Bool {
        lock.withLock {
            guard paused.map({ $0 < date.addingTimeInterval(-1) }) ?? true else { return false }
            paused = date
            return true
        }
    }

    func stop(until date: Date) { lock.withLock { stopped = stopped ?? date } }
}
