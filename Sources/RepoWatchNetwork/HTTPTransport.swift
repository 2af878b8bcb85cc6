import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP exchange, without following redirects: the client decides where credentials may go.
package protocol HTTPTransport: Sendable {
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
    /// `send`, once `admit` has let the request go: a limited transport asks it when the request
    /// has its slot, so a request that waited for one still obeys a rate limit reached meanwhile.
    func send(_ request: URLRequest, admit: @Sendable () async throws -> Void) async throws
        -> (Data, HTTPURLResponse)
}

extension HTTPTransport {
    package func send(_ request: URLRequest, admit: @Sendable () async throws -> Void) async throws
        -> (Data, HTTPURLResponse)
    {
        try await admit()
        return try await send(request)
    }
}

/// URLSession with an ephemeral configuration (no shared cookies or URL cache) that hands redirects
/// back to the caller instead of following them, because URLSession on Linux would forward
/// `Authorization` to whatever origin a redirect names.
package final class URLSessionTransport: HTTPTransport {
    private let session: URLSession

    package init(timeout: TimeInterval = 30, connections: Int = 8) {
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

    package func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
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

/// Bounds how many requests run at once (`--jobs`); a secondary rate limit halves the bound. A lock
/// rather than an actor: a finished request hands its slot straight to the longest waiting one,
/// without a hop through the actor's executor, so slots do not sit idle between requests.
package final class ConcurrencyLimiter: @unchecked Sendable {
    private let lock = NSLock()
    private var bound: Int
    private var active = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    package init(limit: Int) { bound = max(1, limit) }

    package var limit: Int { lock.withLock { bound } }
    /// Slots taken, and requests waiting for one.
    package var occupancy: (active: Int, waiting: Int) { lock.withLock { (active, waiters.count) } }

    package func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let admitted = lock.withLock {
                guard active < bound else {
                    waiters.append(continuation)
                    return false
                }
                active += 1
                return true
            }
            if admitted { continuation.resume() }
        }
    }

    package func release() {
        let next = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            // The slot passes to a waiter as it is, unless a reduced bound wants it gone.
            if active <= bound, !waiters.isEmpty { return waiters.removeFirst() }
            active -= 1
            return nil
        }
        next?.resume()
    }

    /// GitHub asks clients that trip the secondary limit to slow down.
    package func reduce() { lock.withLock { bound = max(1, bound / 2) } }

    package func run<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        await acquire()
        defer { release() }
        return try await body()
    }
}

/// Any transport, with at most `limit` exchanges in flight.
package struct LimitedTransport: HTTPTransport {
    package let base: any HTTPTransport
    package let limiter: ConcurrencyLimiter

    package init(_ base: any HTTPTransport, limit: Int) {
        self.base = base
        limiter = ConcurrencyLimiter(limit: limit)
    }

    package func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try await send(request, admit: {})
    }

    package func send(_ request: URLRequest, admit: @Sendable () async throws -> Void) async throws
        -> (Data, HTTPURLResponse)
    {
        try await limiter.run {
            try await admit()
            return try await base.send(request)
        }
    }
}
