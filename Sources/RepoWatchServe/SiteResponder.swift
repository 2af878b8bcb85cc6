import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore
import RepoWatchModel
import RepoWatchSupport

/// The request context: Hummingbird's, and the connection, so a refused body can end it.
struct PreviewRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}

/// Answers the preview's requests: files of the built site under the base path, the live-reload
/// script, 404.html for misses. Works on the raw (still percent-encoded) request path, so an encoded
/// `..` is judged as what it decodes to.
struct SiteResponder: HTTPResponder {
    let state: ServeState

    func respond(to request: Request, context: PreviewRequestContext) async throws -> Response {
        var response = answer(request)
        // A refused request ends its connection, as a client that asked to close does.
        let refused = [400, 403, 413].contains(response.status.code)
        if refused { context.channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent()) }
        let keepAlive = !refused && request.headers[.connection]?.lowercased() != "close"
        response.headers[.connection] = keepAlive ? "keep-alive" : "close"
        return response
    }

    private func answer(_ request: Request) -> Response {
        // Two Host headers could each be read by a different party: refused, as RFC 9112 says.
        guard request.headers[HTTPField.Name("Host")!] == nil, let policy = state.policy else {
            return refuse(.malformed)
        }
        if let refusal = policy.refusal(host: request.head.authority, origin: nil, isUpgrade: false) {
            return refuse(refusal)
        }
        // Answered, then closed: the body is never read.
        if request.headers[.transferEncoding] != nil || (request.headers[.contentLength].map { $0 != "0" } ?? false) {
            return refuse(.hasBody)
        }
        guard request.method == .get || request.method == .head else {
            return Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD", .contentLength: "0"])
        }
        let path = request.uri.path
        let isHead = request.method == .head
        if path == state.scriptPath {
            return page(Data(LiveReloadScript.source.utf8), path: LiveReloadScript.fileName, status: .ok, isHead)
        }
        if path == state.socketPath { return refuse(.malformed) }
        let basePath = state.basePath
        // What GitHub Pages does for a project site: the bare name redirects into the folder.
        if basePath != "/", path == "/" || path + "/" == basePath { return redirect(to: basePath) }
        guard let root = state.root else { return refuse(.busy("The preview is still building; try again soon.")) }
        guard path.hasPrefix(basePath) else { return notFound(root, isHead) }
        switch SitePathResolver(root: root).resolve(path.dropFirst(basePath.count)) {
        case .file(let url):
            guard let data = try? Data(contentsOf: url) else { return notFound(root, isHead) }
            return page(data, path: url.lastPathComponent, status: .ok, isHead)
        case .addSlash: return redirect(to: path + "/")
        case .notFound: return notFound(root, isHead)
        }
    }

    func notFound(_ root: URL, _ isHead: Bool) -> Response {
        let custom = root.appendingPathComponent(SiteLayout.notFound)
        let data =
            (try? Data(contentsOf: custom)) ?? Data("<!doctype html><title>Not found</title><h1>Not found</h1>\n".utf8)
        return page(data, path: SiteLayout.notFound, status: .notFound, isHead)
    }

    func page(_ data: Data, path: String, status: HTTPResponse.Status, _ isHead: Bool) -> Response {
        let isHTML = MIMEType.isHTML(path)
        let body = isHTML ? LiveReloadScript.inject(into: data, scriptPath: state.scriptPath) : data
        let headers: HTTPFields = [
            .contentType: MIMEType.forPath(path),
            // A preview must never show a stale copy from the browser's cache.
            .cacheControl: "no-store",
            HTTPField.Name("X-Content-Type-Options")!: "nosniff",
            .contentSecurityPolicy: isHTML ? ServedPolicy.header(forHTML: data) : ServedPolicy.header(forFile: path),
            .contentLength: String(body.count),
        ]
        return Response(
            status: status, headers: headers,
            body: isHead ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    func redirect(to location: String) -> Response {
        Response(status: .movedPermanently, headers: [.location: location, .contentLength: "0"])
    }

    func refuse(_ refusal: ServeRefusal) -> Response {
        let body = ByteBuffer(string: refusal.body)
        return Response(
            status: HTTPResponse.Status(code: refusal.status),
            headers: [.contentType: "text/plain; charset=utf-8", .contentLength: String(body.readableBytes)],
            body: ResponseBody(byteBuffer: body))
    }
}
