import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The bottom of the stack: one exchange through an `HTTPTransport`, which refuses redirects and
/// may hold a connection slot (`LimitedTransport`) while the request's admission is asked.
struct TransportLayer: NetworkLayer {
    let transport: any HTTPTransport

    init(_ transport: any HTTPTransport) {
        self.transport = transport
    }

    func send(_ request: NetworkRequest) async throws -> NetworkResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await transport.send(urlRequest, admit: request.admission)
        return NetworkResponse(data: data, status: response.statusCode, headers: Self.lowercased(response))
    }

    static func lowercased(_ response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return headers
    }
}

/// `--offline`: stands where the network would be, so no request can leave; the cache above
/// answers, or the request fails as not cached.
struct NoNetwork: NetworkLayer {
    func send(_ request: NetworkRequest) async throws -> NetworkResponse {
        throw GitHubError.notCached
    }
}
