import Foundation

/// Connection errors, timeouts and 5xx are retried with exponential backoff and full jitter.
struct RetryPolicy: Sendable {
    var attempts: Int
    var baseDelay: Double

    init(attempts: Int = 3, baseDelay: Double = 0.5) {
        self.attempts = max(1, attempts)
        self.baseDelay = baseDelay
    }

    /// Seconds to wait before attempt `attempt + 1` (attempt counts from 1): between half and all
    /// of `baseDelay × 2^(attempt-1)`, so many clients retrying at once spread out.
    func delay(afterAttempt attempt: Int, random: Double = Double.random(in: 0...1)) -> Double {
        let ceiling = baseDelay * pow(2, Double(attempt - 1))
        return ceiling * (0.5 + 0.5 * random)
    }

    static func isRetryable(status: Int) -> Bool { (500...599).contains(status) }
}

/// What a 403 or 429 means: a rate limit (and how long to wait), or something else.
enum RateLimitSignal: Equatable, Sendable {
    /// `x-ratelimit-remaining: 0`; the quota returns at `reset`.
    case primary(reset: Date)
    /// Too many requests too fast: wait `retryAfter` seconds, or, when GitHub did not say how long
    /// (nil), at least a minute, longer each time (`RateLimitLayer.backoff`).
    case secondary(retryAfter: Double?)

    /// GitHub's order (docs: "Handle rate limit errors appropriately"): `retry-after` first; then
    /// `x-ratelimit-remaining: 0` with `x-ratelimit-reset`; then, for its secondary-limit message
    /// or a 429 that says nothing, a wait of at least a minute with exponential backoff.
    /// - Parameter headers: lowercased names.
    static func classify(status: Int, headers: [String: String], body: Data, now: Date) -> RateLimitSignal? {
        guard status == 403 || status == 429 else { return nil }
        let message = ((try? JSONDecoder().decode(ErrorPayload.self, from: body).message) ?? "").lowercased()
        // "too large to list contributors" is a 403 about the repository, not about us.
        if message.contains("too large") { return nil }
        if let retryAfter = headers["retry-after"].flatMap(Double.init) {
            return .secondary(retryAfter: max(0, retryAfter))
        }
        // GitLab says the same without the `x-` (`RateLimit-Remaining`, `RateLimit-Reset`).
        if (headers["x-ratelimit-remaining"] ?? headers["ratelimit-remaining"]) == "0" {
            let reset = (headers["x-ratelimit-reset"] ?? headers["ratelimit-reset"]).flatMap(Double.init)
                .map { Date(timeIntervalSince1970: $0) }
            return .primary(reset: reset ?? now.addingTimeInterval(60))
        }
        if message.contains("secondary rate limit") || message.contains("abuse") || status == 429
            || message.contains("rate limit")
        {
            return .secondary(retryAfter: nil)
        }
        return nil
    }
}

extension RateLimitSignal {
    var kind: String {
        switch self {
        case .primary: return "quota used up"
        case .secondary: return "secondary limit"
        }
    }
}
