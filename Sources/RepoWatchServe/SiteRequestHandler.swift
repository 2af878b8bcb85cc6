import FlyingFox
import Foundation
import RepoWatchModel
import RepoWatchSupport

/// Answers the preview server's requests: files of the built site under the base path, the
/// live-reload socket, 404.html for misses. Works on the raw (still percent-encoded) request path,
/// so an encoded `..` is judged as what it decodes to.
struct SiteRequestHandler: HTTPHandler {
    let root: URL
    /// Starts and ends with "/": `/` or `/REPO/`.
    let basePath: String
    let hub: LiveReloadHub

    var socketPath: String { basePath + LiveReloadScript.socketName }
    var scriptPath: String { basePath + LiveReloadScript.fileName }

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let path = request.target.path()
        if path == socketPath {
            // The gate's number for the connection, so the hub can end it through the gate.
            let id = request.headers[HTTPHeader(RequestHead.liveReloadConnection)].flatMap { UInt64($0) }
            return try await WebSocketHTTPHandler(handler: hub.connection(id)).handleRequest(request)
        }
        guard request.method == .GET || request.method == .HEAD else {
            return HTTPResponse(statusCode: .methodNotAllowed, headers: HTTPHeaders([HTTPHeader("Allow"): "GET, HEAD"]))
        }
        if path == scriptPath {
            return page(
                Data(LiveReloadScript.source.utf8), path: LiveReloadScript.fileName, status: .ok, request: request)
        }
        // What GitHub Pages does for a project site: the bare name redirects into the folder.
        if basePath != "/", path == "/" || path + "/" == basePath {
            return redirect(to: basePath)
        }
        guard path.hasPrefix(basePath) else { return notFound(request) }
        let below = path.dropFirst(basePath.count)
        switch SitePathResolver(root: root).resolve(below) {
        case .file(let url):
            guard let data = try? Data(contentsOf: url) else { return notFound(request) }
            return page(data, path: url.lastPathComponent, status: .ok, request: request)
        case .addSlash:
            return redirect(to: path + "/")
        case .notFound:
            return notFound(request)
        }
    }

    func notFound(_ request: HTTPRequest) -> HTTPResponse {
        let custom = root.appendingPathComponent(SiteLayout.notFound)
        let data =
            (try? Data(contentsOf: custom)) ?? Data("<!doctype html><title>Not found</title><h1>Not found</h1>\n".utf8)
        return page(data, path: SiteLayout.notFound, status: .notFound, request: request)
    }

    func page(_ data: Data, path: String, status: HTTPStatusCode, request: HTTPRequest) -> HTTPResponse {
        let type = MIMEType.forPath(path)
        let isHTML = MIMEType.isHTML(path)
        let body = isHTML ? LiveReloadScript.inject(into: data, scriptPath: scriptPath) : data
        var headers: HTTPHeaders = [
            .contentType: type,
            // A preview must never show a stale copy from the browser's cache.
            HTTPHeader("Cache-Control"): "no-store",
            HTTPHeader("X-Content-Type-Options"): "nosniff",
            HTTPHeader("Content-Security-Policy"): isHTML
                ? ServedPolicy.header(forHTML: data) : ServedPolicy.header(forFile: path),
        ]
        headers[.contentLength] = String(body.count)
        return HTTPResponse(
            statusCode: status, headers: headers, body: request.method == .HEAD ? Data() : body)
    }

    func redirect(to location: String) -> HTTPResponse {
        HTTPResponse(statusCode: .movedPermanently, headers: HTTPHeaders([.location: location, .contentLength: "0"]))
    }
}
