import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Bounds how many requests run at once (`--jobs`); a secondary rate limit halves the bound. A lock
/// rather than an actor: a finished request hands its slot straight to the longest waiting one,
/// without a hop through the actor's executor, so slots do not sit idle between requests.
package final class ConcurrencyLimiter: Sendable {
    private struct State {
        var bound: Int
        var active = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    package init(limit: Int) { state = Mutex(State(bound: max(1, limit))) }

    package var limit: Int { state.withLock { $0.bound } }
    /// Slots taken, and requests waiting for one.
    var occupancy: (active: Int, waiting: Int) { state.withLock { ($0.active, $0.waiters.count) } }

    package func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let admitted = state.withLock { state in
                guard state.active < state.bound else {
                    state.waiters.append(continuation)
                    return false
                }
                state.active += 1
                return true
            }
            if admitted { continuation.resume() }
        }
    }

    package func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            // The slot passes to a waiter as it is, unless a reduced bound wants it gone.
            if state.active <= state.bound, !state.waiters.isEmpty { return state.waiters.removeFirst() }
            state.active -= 1
            return nil
        }
        next?.resume()
    }

    /// GitHub asks clients that trip the secondary limit to slow down.
    package func reduce() { state.withLock { $0.bound = max(1, $0.bound / 2) } }

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
