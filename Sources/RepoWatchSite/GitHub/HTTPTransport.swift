import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP exchange, without following redirects: the client decides where credentials may go.
protocol HTTPTransport: Sendable {
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
}

/// URLSession with an ephemeral configuration (no shared cookies or URL cache) that hands redirects
/// back to the caller instead of following them, because URLSession on Linux would forward
/// `Authorization` to whatever origin a redirect names.
final class URLSessionTransport: HTTPTransport {
    private let session: URLSession

    init(timeout: TimeInterval = 30, connections: Int = 8) {
        let configuration = URLSessionConfiguration.ephemeral
        // The default (6 on Linux) would queue requests that `--jobs` allows to run.
        configuration.httpMaximumConnectionsPerHost = max(connections, 1)
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 2
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        session = URLSession(configuration: configuration, delegate: RedirectRefuser(), delegateQueue: nil)
    }

    deinit { session.finishTasksAndInvalidate() }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let box = TaskBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let response = response as? HTTPURLResponse {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                box.set(task)
                task.resume()
            }
        } onCancel: {
            box.cancel()
        }
    }
}

private final class RedirectRefuser: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

private final class TaskBox: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var cancelled = false

    func set(_ task: URLSessionTask) {
        lock.lock()
        self.task = task
        let cancelNow = cancelled
        lock.unlock()
        if cancelNow { task.cancel() }
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }
}

/// Bounds how many requests run at once (`--jobs`); a secondary rate limit halves the bound.
actor ConcurrencyLimiter {
    public private(set) var limit: Int
    private var active = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) { self.limit = max(1, limit) }

    func acquire() async {
        if active < limit {
            active += 1
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    func release() {
        active -= 1
        if active < limit, !waiters.isEmpty {
            active += 1
            waiters.removeFirst().resume()
        }
    }

    /// GitHub asks clients that trip the secondary limit to slow down.
    func reduce() { limit = max(1, limit / 2) }

    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        await acquire()
        do {
            let value = try await body()
            release()
            return value
        } catch {
            release()
            throw error
        }
    }
}

/// Any transport, with at most `limit` exchanges in flight.
struct LimitedTransport: HTTPTransport {
    let base: any HTTPTransport
    let limiter: ConcurrencyLimiter

    init(_ base: any HTTPTransport, limit: Int) {
        self.base = base
        limiter = ConcurrencyLimiter(limit: limit)
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try await limiter.run { try await base.send(request) }
    }
}
