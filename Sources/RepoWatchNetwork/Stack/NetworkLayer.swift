import Foundation

/// One job of the network stack (a header, a retry, a wait, the cache) in front of the layer below:
/// it passes a request on and may change it or its answer, or answer itself. `NetworkStack`
/// composes the layers, in one place.
package protocol NetworkLayer: Sendable {
    func send(_ request: NetworkRequest) async throws -> NetworkResponse
}

/// A request as the layers see it; `TransportLayer` turns it into a `URLRequest`.
package struct NetworkRequest: Sendable {
    package var method: String
    package var url: URL
    package var body: Data?
    /// Set by the caller (Accept, Content-Type) and by layers (validators, who is asking).
    package var headers: [String: String]
    /// Whether the token may go with it, on its API's origin only. False for avatars, even when an
    /// Enterprise server hosts them on the API's own origin.
    package var credentials: Bool
    /// Asked once the request holds its connection slot, just before it goes out, so a request that
    /// waited for a slot still obeys a rate limit reached meanwhile (`RateLimitLayer`).
    package var admission: @Sendable () async throws -> Void = {}
    /// The caller knows the stored answer is still true (contributors of a repository not pushed
    /// since they were asked): the cache answers without a request when it holds one.
    package var reuseStored = false

    package init(method: String = "GET", url: URL, accept: String, body: Data? = nil, credentials: Bool) {
        self.method = method
        self.url = url
        self.body = body
        headers = ["Accept": accept]
        self.credentials = credentials
    }
}

/// An answer, from the network or from the cache.
package struct NetworkResponse: Sendable {
    package enum Source: Sendable, Equatable {
        case network
        /// 304: the cached body is current.
        case revalidated
        /// The cache answered without the network (offline, or GitHub failed): data as of `storedAt`.
        case cacheOnly(storedAt: Date, reason: String)
        /// An answer without validators reused within its lifetime: current, no request made.
        case kept
        /// A permanent redirect the cache remembers: followed without asking.
        case rememberedRedirect
    }

    package var data: Data
    package var status: Int
    /// Lowercased names.
    package var headers: [String: String]
    package var source: Source

    package init(data: Data, status: Int, headers: [String: String], source: Source = .network) {
        self.data = data
        self.status = status
        self.headers = headers
        self.source = source
    }

    package func header(_ name: String) -> String? { headers[name.lowercased()] }

    package var staleness: (asOf: Date, reason: String)? {
        if case .cacheOnly(let storedAt, let reason) = source { return (storedAt, reason) }
        return nil
    }

    /// Where a redirect leads, resolved against `url` (the URL that answered); nil for any other
    /// answer, and for a redirect without a usable `Location` (it is then the answer itself).
    package func redirectTarget(from url: URL) -> URL? {
        guard [301, 302, 303, 307, 308].contains(status), let location = headers["location"] else { return nil }
        return URL(string: location, relativeTo: url)?.absoluteURL
    }
}
