import Foundation

/// Connection errors, timeouts and 5xx are tried again after a backoff (`RetryPolicy`); a wait for
/// a rate limit below is not an attempt. The last failure is the answer: `GitHubError.network`,
/// or the 5xx as `GitHubError.http`. A `GitHubError` from below is a verdict, not retried.
struct RetryLayer: NetworkLayer {
    let next: any NetworkLayer
    let policy: RetryPolicy
    let ledger: RequestLedger?
    let sleep: @Sendable (Double) async throws -> Void

    func send(_ request: NetworkRequest) async throws -> NetworkResponse {
        var attempt = 0
        while true {
            attempt += 1
            let response: NetworkResponse
            do {
                response = try await next.send(request)
            } catch is CancellationError {
                throw CancellationError()
            } catch let error as GitHubError {
                throw error
            } catch {
                guard attempt < policy.attempts else { throw GitHubError.network(GitHubError.reason(for: error)) }
                try await backOff(after: attempt)
                continue
            }
            guard RetryPolicy.isRetryable(status: response.status) else { return response }
            guard attempt < policy.attempts else {
                throw GitHubError.failure(status: response.status, data: response.data)
            }
            try await backOff(after: attempt)
        }
    }

    private func backOff(after attempt: Int) async throws {
        await ledger?.recordRetry()
        try await sleep(policy.delay(afterAttempt: attempt))
    }
}
