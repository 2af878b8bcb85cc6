import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1
import NIOWebSocket

/// Hummingbird's HTTP/1 channel with the WebSocket upgrade, and handlers of the preview's own:
/// `FirstRequestDeadline` at the front, `LiveReloadDoor` and `KeepAliveAsAsked` before the upgrade.
struct PreviewChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value

    let upgrade: HTTP1WebSocketUpgradeChannel
    let state: ServeState
    let limits: ServeLimits

    /// The server's channels, answering with `responder` and handing live-reload sockets to `hub`.
    static func builder(state: ServeState, limits: ServeLimits, hub: LiveReloadHub) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            let upgrade = HTTP1WebSocketUpgradeChannel(
                responder: responder, configuration: .init(http1: limits.http1, ws: limits.webSocket)
            ) { head, _, _ in
                let id = head.headerFields[HTTPField.Name(LiveReloadDoor.connectionHeader)!].flatMap { UInt64($0) }
                guard head.path?.prefix(while: { $0 != "?" }) == Substring(state.socketPath), let id else {
                    return .dontUpgrade
                }
                return .upgrade([:]) { inbound, outbound, _ in
                    await LiveReloadSession(hub: hub, sockets: state.liveReloads, id: id).run(inbound, outbound)
                }
            }
            return PreviewChannel(upgrade: upgrade, state: state, limits: limits)
        }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        upgrade.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let upgrader = try pipeline.handler(
                type: NIOTypedHTTPServerUpgradeHandler<HTTP1WebSocketUpgradeChannel.UpgradeResult>.self)
            try pipeline.addHandler(LiveReloadDoor(state: state), position: .before(upgrader))
            try pipeline.addHandler(KeepAliveAsAsked(), position: .before(upgrader))
            try pipeline.addHandler(FirstRequestDeadline(limit: limits.idle), position: .first)
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await upgrade.handle(value: value, logger: logger)
    }
}

/// One page's live-reload socket: the hub's messages out as frames, the page's messages in as answers.
struct LiveReloadSession {
    let hub: LiveReloadHub
    let sockets: LiveReloadSockets
    let id: UInt64

    func run(_ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter) async {
        let (said, page) = AsyncThrowingStream<Void, any Error>.makeStream()
        let messages = hub.messages(for: said, id: id)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                // Reading also answers the page's pings and its close, inside the package.
                do {
                    for try await _ in inbound { page.yield() }
                } catch {}
                page.finish()
            }
            for await message in messages {
                do {
                    switch message {
                    case .text(let text): try await outbound.write(.text(text))
                    case .ping:
                        try await outbound.write(.custom(WebSocketFrame(fin: true, opcode: .ping, data: ByteBuffer())))
                    case .goodbye:
                        try await outbound.close(.goingAway, reason: nil)
                        sockets.end(id)
                    }
                } catch {
                    break
                }
            }
            page.finish()
            group.cancelAll()
        }
    }
}
