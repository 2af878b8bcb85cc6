import NIOCore
import NIOHTTP1

/// Until the first answer of a connection starts, at the front of its pipeline: a connection that
/// sent nothing for the idle time is closed without a word (browsers open connections ahead of need,
/// and a 408 on one of those would be the next page's failed resource); one whose first request head
/// started and did not finish gets `408 Request Timeout`. From the first answer on, Hummingbird's
/// own idle timeout (`ServeLimits.http1`) watches the connection, or the hub's pings a live-reload one:
/// hummingbird-websocket starts that timeout only once a first request has arrived, so without this
/// an unused or half-sent connection would stay open for good.
///
/// It also takes the server's graceful shutdown (`ChannelShouldQuiesceEvent`) for the handlers that are
/// not there yet: a connection that sent nothing is closed at once (the stop would otherwise wait the
/// idle time for it), and one whose first request is under way is told again once its answer starts,
/// when Hummingbird's `HTTPConnectionStateHandler` is there to close it after that answer.
final class FirstRequestDeadline: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private let limit: TimeAmount
    private var started = false
    private var timer: Scheduled<Void>?
    private var answered = false
    private var quiescing = false

    init(limit: TimeAmount) { self.limit = limit }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        started = true
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is ChannelShouldQuiesceEvent, !answered else { return context.fireUserInboundEventTriggered(event) }
        guard started else {
            answered = true
            timer?.cancel()
            timer = nil
            return context.close(promise: nil)
        }
        quiescing = true
        context.fireUserInboundEventTriggered(event)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        context.write(data, promise: promise)
        guard !answered else { return }
        answered = true
        timer?.cancel()
        timer = nil
        if quiescing { context.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent()) }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    private func arm(_ context: ChannelHandlerContext) {
        guard timer == nil, !answered else { return }
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: limit) { [self] in
            timer = nil
            guard !answered else { return }
            answered = true
            let channel = context.channel
            guard started else { return channel.close(promise: nil) }
            let answer = channel.allocator.buffer(string: ServeRefusal.timedOut.rawResponse)
            context.writeAndFlush(wrapOutboundOut(.byteBuffer(answer))).whenComplete { _ in
                channel.close(promise: nil)
            }
        }
    }
}

/// Before hummingbird-websocket's upgrade, on a connection's first request: a WebSocket upgrade is
/// let through only to the live-reload socket, only under a name this server answers to, only from a
/// page it sent (`HostPolicy`), and only while `LiveReloadSockets` has a place; otherwise it is
/// answered here with why (the package answers every refused upgrade with an empty 400). A request
/// head past `ServeLimits` is answered 431, another broken one 400. Leaves the pipeline once the first
/// request went on: a later upgrade on the same connection is the package's to refuse.
final class LiveReloadDoor: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// The header naming the connection's place in `LiveReloadSockets` for the hub (lowercase). Added
    /// here; one a client sends is dropped, so no page can name another page's connection.
    static let connectionHeader = "x-repowatch-live-reload-connection"

    private let state: ServeState
    private var refused = false

    init(state: ServeState) { self.state = state }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        guard case .head(var head) = unwrapInboundIn(data) else { return context.fireChannelRead(data) }
        head.headers.remove(name: Self.connectionHeader)
        let isUpgrade = head.headers["upgrade"].contains { $0.lowercased() == "websocket" }
        if isUpgrade {
            switch state.admitLiveReload(head, channel: context.channel) {
            case .refused(let refusal): return refuse(refusal, context)
            case .admitted(let id):
                let activity = LiveReloadActivity(sockets: state.liveReloads, id: id)
                try? context.pipeline.syncOperations.addHandler(activity, position: .first)
                head.headers.add(name: Self.connectionHeader, value: String(id))
            case .elsewhere: break
            }
        }
        context.fireChannelRead(wrapInboundOut(.head(head)))
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parsing = error as? HTTPParserError else { return context.fireErrorCaught(error) }
        refuse(parsing == .headerOverflow ? .tooLarge : .malformed, context)
    }

    private func refuse(_ refusal: ServeRefusal, _ context: ChannelHandlerContext) {
        guard !refused else { return }
        refused = true
        let headers = HTTPHeaders([
            ("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", String(refusal.body.utf8.count)),
            ("Connection", "close"),
        ])
        let head = HTTPResponseHead(
            version: .http1_1, status: HTTPResponseStatus(statusCode: refusal.status), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: refusal.body)))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }
}
