import Foundation
import RepoWatchSupport

/// Why a request that got its slot was not sent: the slot is given back first.
enum NotAdmitted: Error {
    case stopped(until: Date)
    case paused(until: Date)
}

/// GitHub's rate limits on one API, as its answers tell them. Every request of the API respects the
/// pause and the stop the ledger's gate holds; an answer that says "rate limited" sets them: a wait
/// within `maxWait` pauses every request, then this one is sent again; a longer one stops the API
/// for the build (the cache answers for the rest). A secondary limit also lowers concurrency.
/// Other hosts (avatars) are not held up.
struct RateLimitLayer: NetworkLayer {
    let next: any NetworkLayer
    let api: APIScope
    let ledger: RequestLedger
    let maxWait: Double
    let log: (any BuildLog)?
    let onSecondaryLimit: @Sendable () async -> Void
    let sleep: @Sendable (Double) async throws -> Void
    let clock: @Sendable () -> Date
    /// The first wait for a secondary limit GitHub gave no time for (a minute on GitHub); each later
    /// one doubles it.
    var backoffBase: Double = 60
    /// Whose limit the log names: GitHub's, or another forge's host.
    var limitOf = "GitHub"

    /// A request waits out at most this many limits before the API is stopped for the build.
    private static let waitsAllowed = 3

    func send(_ request: NetworkRequest) async throws -> NetworkResponse {
        guard api.contains(request.url) else { return try await next.send(request) }
        var waits = 0
        var waited: Date?
        while true {
            let response: NetworkResponse
            do {
                response = try await next.send(admitted(request, after: waited))
            } catch NotAdmitted.stopped(let until) {
                throw GitHubError.rateLimited(until: until)
            } catch NotAdmitted.paused(let until) {
                // Waited out after giving the slot back, so avatars are not held up behind sleeping requests.
                waited = until
                let seconds = until.timeIntervalSince(clock())
                if seconds > 0 { try await sleep(seconds) }
                continue
            }
            await ledger.recordQuota(response.headers)
            let now = clock()
            guard
                let signal = RateLimitSignal.classify(
                    status: response.status, headers: response.headers, body: response.data, now: now)
            else { return response }
            try await pause(for: signal, now: now, waitsSoFar: waits)
            waits += 1
        }
    }

    /// `request`, asked once it has its slot whether the API is still open. No hop to the ledger
    /// actor there, so the slot passes on without delay. A pause already waited out once lets the
    /// request go (a later, longer one is waited for again).
    private func admitted(_ request: NetworkRequest, after waited: Date?) -> NetworkRequest {
        var request = request
        let earlier = request.admission
        request.admission = { [gate = ledger.gate, clock] in
            try await earlier()
            if let until = gate.stoppedUntil { throw NotAdmitted.stopped(until: until) }
            if let deadline = gate.pausedUntil, deadline > clock(), deadline != waited {
                throw NotAdmitted.paused(until: deadline)
            }
        }
        return request
    }

    /// Sets the pause every request waits out (the request is sent again once it ends), or stops
    /// the API for the build when the limit lifts too late.
    private func pause(for signal: RateLimitSignal, now: Date, waitsSoFar waits: Int) async throws {
        let resume: Date
        switch signal {
        case .primary(let reset): resume = reset.addingTimeInterval(1)
        case .secondary(let retryAfter?): resume = now.addingTimeInterval(retryAfter)
        case .secondary(nil): resume = await ledger.backoff(now: now, base: backoffBase)
        }
        await ledger.recordLimit(signal)
        let wait = resume.timeIntervalSince(clock())
        guard wait <= maxWait, waits < Self.waitsAllowed else {
            await ledger.stop(until: resume)
            throw GitHubError.rateLimited(until: resume)
        }
        await ledger.recordWait()
        // Many requests hit the same limit at once; react once per pause, not once per response.
        if await ledger.pause(until: resume, now: now) {
            log?.warning(
                "\(limitOf) rate limit (\(signal.kind)); waiting \(Int(max(0, wait).rounded(.up)))s before continuing")
            if case .secondary = signal { await onSecondaryLimit() }
        }
    }
}
