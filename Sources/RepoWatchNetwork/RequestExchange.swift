import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why a request that got its slot was not sent: the slot is given back first.
private enum NotAdmitted: Error {
    case stopped(until: Date)
    case paused(until: Date)
}

/// One URL at a time: the request GitHub sees, retries, and rate-limit waits.
extension GitHubClient {
    package struct Exchange {
        package var data: Data
        package var status: Int
        package var headers: [String: String]
    }

    /// One URL: retries for connection errors, timeouts and 5xx; waits for rate limits within `maxWait`.
    package func exchange(_ url: URL, accept: String, credentials: Bool, entry: ResponseCache.Entry?) async throws
        -> Exchange
    {
        if policy.offline { throw GitHubError.notCached }
        let onAPI = configuration.isAPIOrigin(url)
        var attempt = 0
        var waits = 0
        // Asked once the request has its slot (`--jobs`): the quota may have run out while it waited.
        // No hop to the ledger actor here, so the slot passes on without delay. A pause is waited out
        // after giving the slot back, so avatars and GraphQL are not held up behind sleeping requests.
        // A pause already waited out once lets the request go (a later, longer one is waited for again).
        func admission(after waited: Date?) -> @Sendable () async throws -> Void {
            { [gate = ledger.gate, clock] in
                // A rate limit is the API's; avatar hosts are not held up by it.
                guard onAPI else { return }
                if let until = gate.stoppedUntil { throw NotAdmitted.stopped(until: until) }
                if let deadline = gate.pausedUntil, deadline > clock(), deadline != waited {
                    throw NotAdmitted.paused(until: deadline)
                }
            }
        }
        var waited: Date?
        while true {
            let admit = admission(after: waited)
            attempt += 1
            var request = URLRequest(url: url)
            request.httpMethod = "GET"
            request.setValue(accept, forHTTPHeaderField: "Accept")
            request.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
            if onAPI {
                request.setValue("2022-11-28", forHTTPHeaderField: "X-GitHub-Api-Version")
                if credentials, let token = configuration.token {
                    request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
                }
            }
            // Validators are tied to the token they were issued for.
            if let entry, entry.tokenFingerprint == tokenFingerprint || !credentials {
                if let etag = entry.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
                if let lastModified = entry.lastModified {
                    request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
                }
            }
            let started = clock()
            let data: Data
            let response: HTTPURLResponse
            do {
                (data, response) = try await transport.send(request, admit: admit)
                await ledger.recordRequest()
            } catch is CancellationError {
                throw CancellationError()
            } catch NotAdmitted.stopped(let until) {
                throw GitHubError.rateLimited(until: until)
            } catch NotAdmitted.paused(let until) {
                // Nothing was sent: not an attempt.
                attempt -= 1
                waited = until
                let seconds = until.timeIntervalSince(clock())
                if seconds > 0 { try await sleep(seconds) }
                continue
            } catch {
                await ledger.recordRequest()
                let reason = Self.describe(error)
                trace("GET \(url.absoluteString) failed: \(reason)")
                guard attempt < policy.retry.attempts else { throw GitHubError.network(reason) }
                await ledger.recordRetry()
                try await sleep(policy.retry.delay(afterAttempt: attempt))
                continue
            }
            let headers = Self.lowercased(response)
            let status = response.statusCode
            trace(
                "GET \(url.absoluteString) → \(status) (\(String(format: "%.2f", clock().timeIntervalSince(started)))s)"
            )
            if onAPI { await ledger.recordQuota(headers) }
            if onAPI, let signal = RateLimitSignal.classify(status: status, headers: headers, body: data, now: clock())
            {
                let resume: Date
                switch signal {
                case .primary(let reset): resume = reset.addingTimeInterval(1)
                case .secondary(let retryAfter): resume = clock().addingTimeInterval(retryAfter)
                }
                let wait = resume.timeIntervalSince(clock())
                guard wait <= policy.maxWait, waits < 3 else {
                    await ledger.stop(until: resume)
                    throw GitHubError.rateLimited(until: resume)
                }
                waits += 1
                attempt -= 1
                await ledger.recordWait()
                // Many requests hit the same limit at once; react once per pause, not once per response.
                if await ledger.pause(until: resume) {
                    log?.warning(
                        "GitHub rate limit (\(signal.kind)); waiting \(Int(max(0, wait).rounded(.up)))s before continuing"
                    )
                    if case .secondary = signal { await onSecondaryLimit() }
                }
                continue
            }
            if RetryPolicy.isRetryable(status: status), attempt < policy.retry.attempts {
                await ledger.recordRetry()
                try await sleep(policy.retry.delay(afterAttempt: attempt))
                continue
            }
            if RetryPolicy.isRetryable(status: status) {
                throw Self.failure(status: status, data: data)
            }
            return Exchange(data: data, status: status, headers: headers)
        }
    }

    package func trace(_ message: String) {
        if policy.verbose { log?.info(message) }
    }

    package static func lowercased(_ response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return headers
    }

    package static func describe(_ error: Error) -> String {
        if let urlError = error as? URLError {
            switch urlError.code {
            case .timedOut: return "timed out"
            case .cannotConnectToHost: return "could not connect"
            case .cannotFindHost: return "unknown host"
            case .notConnectedToInternet: return "not connected to the internet"
            default: return urlError.localizedDescription
            }
        }
        return (error as NSError).localizedDescription
    }
}
