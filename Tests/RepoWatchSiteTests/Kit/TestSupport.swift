import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchNetwork
@testable import RepoWatchRender
@testable import RepoWatchSite

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real recorded GitHub responses, vendored in Tests/Fixtures/github/recorded/ (see its README.md
/// for where each comes from and its licence); `$REPOWATCH_FIXTURES` points elsewhere.
enum SharedFixtures {
    static var directory: URL { E2EPaths.sharedFixtures }

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    /// The body of an `interaction-*.json` file, re-encoded.
    static func interactionBody(_ name: String) throws -> Data {
        let object = try JSONSerialization.jsonObject(with: data(name)) as! [String: Any]
        return try JSONSerialization.data(withJSONObject: object["body"] ?? NSNull())
    }
}

/// Answers requests from a closure and records them, in place of the network.
final class FakeTransport: HTTPTransport, @unchecked Sendable {
    typealias Handler = @Sendable (URLRequest) throws -> (Int, [String: String], Data)

    private let lock = NSLock()
    private var recorded: [URLRequest] = []
    private let handler: Handler

    init(_ handler: @escaping Handler) { self.handler = handler }

    var requests: [URLRequest] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    private func record(_ request: URLRequest) {
        lock.lock()
        recorded.append(request)
        lock.unlock()
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        record(request)
        let (status, headers, body) = try handler(request)
        let response = HTTPURLResponse(
            url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
        return (body, response)
    }
}

func json(_ object: Any) -> Data { try! JSONSerialization.data(withJSONObject: object) }

func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("repowatch-unit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// site.yml text → the loaded configuration, as `site.yml` (so diagnostics read `site.yml:LINE:COL`).
func parse(_ yaml: String) throws -> ConfigLoader.LoadedConfig {
    try ConfigLoader(file: "site.yml", locales: .builtIn).parse(yaml)
}

/// The errors (not warnings) site.yml text produces; empty when it loads.
func errors(_ yaml: String) -> [Diagnostic] {
    do {
        _ = try parse(yaml)
        return []
    } catch let error as DiagnosticsError {
        return error.diagnostics.filter { $0.severity == .error }
    } catch {
        return []
    }
}
