import NIOCore
import NIOHTTP1

/// Before hummingbird-websocket's upgrade, for every request of a connection: a request that does not
/// keep its connection (HTTP/1.0 without `Connection: keep-alive`, or one that asks to close in any
/// spelling, as NIO reads the version and the header) is passed on saying exactly `Connection: close`.
/// Hummingbird drops the request's HTTP version and closes a connection only after a request whose
/// `Connection` is exactly `close`, so an HTTP/1.0 client that waits for the end of the connection to
/// know the answer is whole (RFC 9112, 9.3) was told `keep-alive` and kept waiting. Leaves the pipeline
/// at a WebSocket upgrade: after it come frames, not requests (or the end of a refused connection).
final class KeepAliveAsAsked: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else { return context.fireChannelRead(data) }
        if head.headers["upgrade"].contains(where: { $0.lowercased() == "websocket" }) {
            context.fireChannelRead(data)
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            return
        }
        if !head.isKeepAlive { head.headers.replaceOrAdd(name: "connection", value: "close") }
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }
}
