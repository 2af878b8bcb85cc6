import Foundation
import Synchronization

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

/// Stateless, so it is Sendable as it is; URLSession calls it on its own queue.
private final class RedirectRefuser: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

/// The task of one `send`, for a cancellation that may come before the task exists.
private final class TaskBox: Sendable {
    private struct State {
        var task: URLSessionTask?
        var cancelled = false
    }

    private let state = Mutex(State())

    func set(_ task: URLSessionTask) {
        let cancelNow = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        if cancelNow { task.cancel() }
    }

    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }
}
