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
    private var pausedUntil: Date?
    /// Set when a primary limit resets too far away: no more API requests this build.
    public private(set) var stoppedUntil: Date?

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
    func pause(until date: Date) -> Bool {
        guard pausedUntil.map({ $0 < date.addingTimeInterval(-1) }) ?? true else { return false }
        pausedUntil = date
        return true
    }

    func pauseDeadline() -> Date? { pausedUntil }

    func stop(until date: Date) {
        if stoppedUntil == nil { stoppedUntil = date }
    }
}
