import Foundation
import Synchronization
import Testing

@testable import RepoWatchModel
@testable import RepoWatchNetwork
@testable import RepoWatchNotify

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How a target's answers are read: accepted, not now (kept for the next run), or not ever; 429s
/// waited for as asked; the URL never followed to another origin, nor named in a message.
@Suite("Notifications: what a webhook's answers mean")
struct WebhookSenderTests {
    static let hook = URL(string: "https://hooks.example.com/services/T000/SECRET")!

    /// Answers in order, the last repeating; records each request and each wait.
    final class ScriptedTransport: HTTPTransport {
        struct Answer: Sendable {
            var status: Int
            var body = ""
            var headers: [String: String] = [:]
            var failure: URLError.Code?
        }
        private let state: Mutex<(answers: [Answer], urls: [URL])>

        init(_ answers: [Answer]) { state = Mutex((answers, [])) }

        var urls: [URL] { state.withLock { $0.urls } }

        func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            let answer = state.withLock { state -> Answer in
                state.urls.append(request.url!)
                return state.answers.count > 1 ? state.answers.removeFirst() : state.answers[0]
            }
            if let failure = answer.failure {
                throw URLError(failure, userInfo: [NSURLErrorFailingURLErrorKey: request.url!])
            }
            let response = HTTPURLResponse(
                url: request.url!, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: answer.headers)!
            return (Data(answer.body.utf8), response)
        }
    }

    final class Waits: Sendable {
        let seconds = Mutex<[Double]>([])
        var sleep: @Sendable (Double) async throws -> Void { { [self] value in seconds.withLock { $0.append(value) } } }
    }

    static let messages = (1...3).map { WebhookMessage(entries: ["e\($0)"], body: Data("{}".utf8)) }

    func send(_ answers: [ScriptedTransport.Answer], format: NotifyTarget.Format = .discord, maxWait: Double = 60)
        async throws -> (WebhookAnswer, [String], ScriptedTransport, [Double])
    {
        let transport = ScriptedTransport(answers)
        let waits = Waits()
        var accepted: [String] = []
        let answer = try await WebhookSender(transport: transport, maxWait: maxWait, sleep: waits.sleep)
            .send(Self.messages, to: Self.hook, format: format) { accepted += $0 }
        return (answer, accepted, transport, waits.seconds.withLock { $0 })
    }

    @Test("every message accepted, one after the other; Slack and Teams a second apart")
    func accepted() async throws {
        let (answer, accepted, transport, waits) = try await send([.init(status: 200)], format: .slack)
        #expect(answer == .accepted && accepted == ["e1", "e2", "e3"] && transport.urls.count == 3)
        #expect(waits == [1, 1])
    }

    @Test("Discord's 429 with retry_after is waited for, then the same message goes")
    func discordRetryAfter() async throws {
        let limited = ScriptedTransport.Answer(
            status: 429, body: #"{"message": "You are being rate limited.", "retry_after": 0.64, "global": false}"#)
        let (answer, accepted, transport, waits) = try await send([limited, .init(status: 204)])
        #expect(answer == .accepted && accepted == ["e1", "e2", "e3"])
        #expect(transport.urls.count == 4 && waits == [0.64])
    }

    @Test("a Retry-After header is read too; a wait longer than the run allows keeps the rest")
    func retryAfterHeader() async throws {
        let (answer, accepted, _, waits) = try await send(
            [.init(status: 429, headers: ["Retry-After": "2"]), .init(status: 200)], format: .json)
        #expect(answer == .accepted && accepted.count == 3 && waits == [2])
        let (later, none, _, noWait) = try await send([.init(status: 429, headers: ["Retry-After": "3600"])])
        #expect(none.isEmpty && noWait.isEmpty)
        guard case .later(let reason) = later else {
            Issue.record("\(later)")
            return
        }
        #expect(reason.contains("429"))
    }

    @Test("Discord's X-RateLimit headers space the next message")
    func discordBucket() async throws {
        let (_, accepted, _, waits) = try await send(
            [.init(status: 204, headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset-After": "1.5"])])
        #expect(accepted.count == 3 && waits == [1.5, 1.5])
    }

    @Test("5xx, 408 and no answer: the rest waits for the next run; what went before stays sent")
    func later() async throws {
        for failing in [
            ScriptedTransport.Answer(status: 503), .init(status: 408), .init(status: 0, failure: .timedOut),
            .init(status: 0, failure: .cannotConnectToHost),
        ] {
            let (answer, accepted, _, _) = try await send([.init(status: 200), failing])
            #expect(accepted == ["e1"])
            guard case .later(let reason) = answer else {
                Issue.record("\(answer)")
                continue
            }
            #expect(!reason.contains("hooks.example.com") && !reason.contains("SECRET"), "\(reason)")
        }
    }

    @Test("a 4xx is a refusal for good, said without the URL even when the body quotes it")
    func refused() async throws {
        let (answer, accepted, _, _) = try await send(
            [.init(status: 404, body: "no_service: \(Self.hook.absoluteString) is gone")])
        #expect(accepted.isEmpty)
        guard case .refused(let reason) = answer else {
            Issue.record("\(answer)")
            return
        }
        #expect(reason.hasPrefix("answered 404") && !reason.contains("SECRET"), "\(reason)")
    }

    @Test("a redirect to another origin is not followed; one on the same origin (307) is")
    func redirects() async throws {
        let elsewhere = ScriptedTransport.Answer(status: 307, headers: ["Location": "https://collector.example/steal"])
        let (answer, _, transport, _) = try await send([elsewhere])
        #expect(transport.urls == [Self.hook])
        guard case .refused = answer else {
            Issue.record("\(answer)")
            return
        }
        let moved = ScriptedTransport.Answer(status: 308, headers: ["Location": "/services/T000/MOVED"])
        let (followed, accepted, again, _) = try await send([moved, .init(status: 200)])
        #expect(followed == .accepted && accepted.count == 3)
        #expect(again.urls.dropFirst().first?.absoluteString == "https://hooks.example.com/services/T000/MOVED")
        let (seeOther, _, _, _) = try await send([.init(status: 302, headers: ["Location": "/x"])])
        guard case .refused = seeOther else {
            Issue.record("\(seeOther)")
            return
        }
    }
}
