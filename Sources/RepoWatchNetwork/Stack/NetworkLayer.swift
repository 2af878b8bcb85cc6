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
    var admission: @Sendable () async throws -> Void = {}
    /// The caller knows the stored answer is still true (contributors of a repository not pushed
    /// since they were asked): the cache answers without a request when it holds one.
    package var reuseStored = false
    /// What a 200 answer's body must look like to be used and kept.
    var expectedBody = ExpectedBody.any
    /// The caller knows the resource exists (a repository's contributors, its document just read;
    /// an avatar a card names): a 4xx is GitHub failing, and the cache's answer stands in.
    package var existsForSure = false
    /// The cache holds this URL's answer sealed (a private repository's, `PrivateAnswers`): its
    /// request line names no repository.
    package var isSealed = false
    /// The name the cache keeps the answer under, and the request line shows, where the URL holds
    /// what must not be kept or logged (an email in an avatar look-up); nil: the URL.
    package var cacheKey: String?
    /// What of a 200 answer the cache may keep, from its body and headers (contributors without
    /// their emails, a count a header gave); nil: the body as it came. The caller still gets the
    /// answer as it came, and the kept body when the cache answers.
    package var keptBody: (@Sendable (Data, [String: String]) -> Data)?
    /// The caller keeps what it read itself (the star history's pages, `.repowatch/star-history.json`)
    /// and checks the body itself: the cache neither asks conditionally, nor stores the answer, nor
    /// answers in GitHub's place.
    package var uncached = false

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
        /// The cache answered without the network: data as of `storedAt`, standing in for what
        /// failed (`notCached` when there is no network, `--offline`).
        case cacheOnly(storedAt: Date, because: GitHubError)
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

    package var staleness: (asOf: Date, because: GitHubError)? {
        if case .cacheOnly(let storedAt, let error) = source { return (storedAt, error) }
        return nil
    }

    /// Where a redirect leads, resolved against `url` (the URL that answered); nil for any other
    /// answer, and for a redirect without a usable `Location` (it is then the answer itself).
    func redirectTarget(from url: URL) -> URL? {
        guard [301, 302, 303, 307, 308].contains(status), let location = headers["location"] else { return nil }
        return URL(string: location, relativeTo: url)?.absoluteURL
    }
}

/// What a 200 answer's body must be for the cache to keep it and the caller to see it: a connection
/// cut short or a proxy's sign-in page in its place is a failed answer, never the new last good one.
enum ExpectedBody: Sendable, CustomStringConvertible {
    case any
    /// A JSON document whole: an object or an array whose brackets balance, outside strings, exactly
    /// at its end (a body cut short never does). One pass over the bytes; the decoder reads the rest.
    case json
    /// An image as avatar hosts serve them (`ImageKind`).
    case image

    func accepts(_ data: Data) -> Bool {
        switch self {
        case .any: return true
        case .image: return ImageKind.sniff(data) != nil
        case .json: return data.withUnsafeBytes { Self.isWholeJSON($0.bindMemory(to: UInt8.self)) }
        }
    }

    private static func isWholeJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        var closed = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == 0x5C {
                    escaped = true
                } else if byte == 0x22 {
                    inString = false
                }
                continue
            }
            let space = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
            // After the document's last bracket only white space may follow.
            if closed { if space { continue } else { return false } }
            switch byte {
            case 0x22: inString = true
            case 0x7B, 0x5B: depth += 1
            case 0x7D, 0x5D:
                depth -= 1
                if depth < 0 { return false }
                closed = depth == 0
            default: if depth == 0 && !space { return false }
            }
        }
        return closed
    }

    var description: String {
        switch self {
        case .any: return "an answer"
        case .json: return "a JSON document"
        case .image: return "an image"
        }
    }
}

/// Recognizes image bytes by their signature, so an HTML error page is never saved as an avatar.
package enum ImageKind {
    package static func sniff(_ data: Data) -> String? {
        let bytes = [UInt8](data.prefix(12))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "png" }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpg" }
        if bytes.starts(with: [0x47, 0x49, 0x46, 0x38]) { return "gif" }
        if bytes.count >= 12, bytes.starts(with: [0x52, 0x49, 0x46, 0x46]),
            Array(bytes[8..<12]) == [0x57, 0x45, 0x42, 0x50]
        {
            return "webp"
        }
        return nil
    }
}
