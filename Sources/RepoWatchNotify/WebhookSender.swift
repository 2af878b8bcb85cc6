import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a webhook said to one message.
package enum WebhookAnswer: Sendable, Equatable {
    case accepted
    /// Not now (5xx, no answer, a 429 past what the run waits): the entries wait for the next run.
    case later(String)
    /// Not ever, as asked (4xx, a redirect elsewhere): the URL was revoked or the body refused.
    case refused(String)
}

/// Posts messages to one target's webhook, one at a time, at the platform's pace: Slack and Teams
/// take about one message a second, Discord says in each answer what remains; a 429 is waited for
/// (Discord's `retry_after`, else `Retry-After`) when that fits in `maxWait`. The URL goes nowhere
/// but its own origin: a redirect to another is refused, and no message names the URL.
package struct WebhookSender: Sendable {
    let transport: any HTTPTransport
    let sleep: @Sendable (Double) async throws -> Void
    /// The longest one wait for a 429 may be within a run.
    let maxWait: Double
    let timeout: Double

    package init(
        transport: any HTTPTransport, maxWait: Double = 60, timeout: Double = 30,
        sleep: @escaping @Sendable (Double) async throws -> Void = { try await Task.sleep(for: .seconds($0)) }
    ) {
        self.transport = transport
        self.maxWait = maxWait
        self.timeout = timeout
        self.sleep = sleep
    }

    /// Slack: one message a second per webhook; Teams' Workflows throttle alike. Discord's headers say.
    static func spacing(_ format: NotifyTarget.Format) -> Double {
        switch format {
        case .slack, .teams: 1
        case .discord, .json: 0
        }
    }

    /// The outcome of sending `messages` in order: each accepted one is reported at once (`accepted`),
    /// so what was sent is saved before the next is tried; the first that is not ends the run.
    package func send(
        _ messages: [WebhookMessage], to url: URL, format: NotifyTarget.Format,
        accepted: ([String]) throws -> Void
    ) async throws -> WebhookAnswer {
        var pause = 0.0
        for message in messages {
            if pause > 0 { try await sleep(pause) }
            let (answer, next) = try await post(message.body, to: url)
            guard answer == .accepted else { return answer }
            try accepted(message.entries)
            pause = max(Self.spacing(format), next ?? 0)
        }
        return .accepted
    }

    /// One message, its 429s waited for; the answer and how long to wait before the next.
    func post(_ body: Data, to url: URL) async throws -> (WebhookAnswer, Double?) {
        var waited = 0.0
        for _ in 0..<4 {
            let reply = try await exchange(body, to: url)
            guard case .tooMany(let after) = reply else { return (reply.answer, reply.pause) }
            let wait = after ?? 1
            guard waited + wait <= maxWait else {
                return (.later("rate limited (429) for \(Self.seconds(wait)), longer than this run waits"), nil)
            }
            try await sleep(wait)
            waited += wait
        }
        return (.later("rate limited (429) again and again"), nil)
    }

    enum Reply {
        case done(WebhookAnswer, pause: Double?)
        case tooMany(Double?)

        var answer: WebhookAnswer {
            if case .done(let answer, _) = self { return answer }
            return .later("rate limited (429)")
        }
        var pause: Double? {
            if case .done(_, let pause) = self { return pause }
            return nil
        }
    }

    /// One POST, following a redirect only to the same origin (a 307 or 308, which keep the method).
    private func exchange(_ body: Data, to first: URL) async throws -> Reply {
        var url = first
        for _ in 0..<3 {
            var request = URLRequest(url: url, timeoutInterval: timeout)
            request.httpMethod = "POST"
            request.httpBody = body
            request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
            request.setValue("repowatch-site/\(Version.current)", forHTTPHeaderField: "User-Agent")
            let data: Data
            let response: HTTPURLResponse
            do {
                (data, response) = try await transport.send(request)
            } catch let error as CancellationError {
                throw error
            } catch {
                return .done(.later(Self.describe(error)), pause: nil)
            }
            let status = response.statusCode
            switch status {
            case 200..<300:
                return .done(.accepted, pause: Self.discordPause(response))
            case 429:
                return .tooMany(Self.retryAfter(data, response))
            case 307, 308:
                guard let location = response.value(forHTTPHeaderField: "Location"),
                    let next = URL(string: location, relativeTo: url)?.absoluteURL, Self.sameOrigin(next, first)
                else {
                    return .done(
                        .refused("answered \(status) with a redirect to another address, not followed"), pause: nil)
                }
                url = next
            case 300..<400:
                return .done(.refused("answered \(status) (a redirect, not followed)"), pause: nil)
            case 408, 425, 500..<600:
                return .done(.later("answered \(status)"), pause: nil)
            default:
                return .done(.refused("answered \(status)\(Self.reason(data, hiding: first))"), pause: nil)
            }
        }
        return .done(.refused("redirected too many times"), pause: nil)
    }

    /// Discord: `X-RateLimit-Remaining: 0` means wait `X-RateLimit-Reset-After` seconds.
    static func discordPause(_ response: HTTPURLResponse) -> Double? {
        guard response.value(forHTTPHeaderField: "X-RateLimit-Remaining") == "0",
            let after = response.value(forHTTPHeaderField: "X-RateLimit-Reset-After").flatMap(Double.init),
            after.isFinite, after >= 0
        else { return nil }
        return min(after, 60)
    }

    /// Discord's body says `retry_after` in seconds (a fraction); others, the `Retry-After` header.
    static func retryAfter(_ data: Data, _ response: HTTPURLResponse) -> Double? {
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let value = (object["retry_after"] as? NSNumber)?.doubleValue, value.isFinite, value >= 0
        {
            return value
        }
        if let header = response.value(forHTTPHeaderField: "Retry-After"), let value = Double(header), value >= 0 {
            return value
        }
        return nil
    }

    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && a.port == b.port
    }

    /// What the receiver said, short, one line, without the URL (an error page may quote it).
    static func reason(_ data: Data, hiding url: URL) -> String {
        var text = String(decoding: data.prefix(300), as: UTF8.self)
        for secret in [url.absoluteString, url.path] where secret.count > 1 {
            text = text.replacingOccurrences(of: secret, with: "(the webhook URL)")
        }
        text = ConsoleText.inline(text).trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return "" }
        return ": " + String(text.prefix(120))
    }

    /// A transport failure in words that never carry the URL (Foundation's descriptions do).
    static func describe(_ error: any Error) -> String {
        guard let error = error as? URLError else { return "the request failed" }
        switch error.code {
        case .timedOut: return "no answer in time"
        case .cannotConnectToHost, .networkConnectionLost: return "could not connect"
        case .cannotFindHost, .dnsLookupFailed: return "its host was not found"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate:
            return "the secure connection failed"
        case .notConnectedToInternet: return "no network"
        default: return "the request failed (URLError \(error.code.rawValue))"
        }
    }

    private static func seconds(_ value: Double) -> String { String(format: "%.0f s", value.rounded(.up)) }
}
