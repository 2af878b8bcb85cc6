import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import NIOCore

/// The preview server's limits, every one a setting of Hummingbird or its WebSocket package: a request
/// head's size, how long a connection may stay quiet, a WebSocket frame's size, how many connections
/// are open at once.
struct ServeLimits: Sendable {
    /// One header line, and all of a head's lines together (the request line counts as one).
    var headBytes = 16 * 1024
    var headerLines = 100
    /// A live-reload page only ever sends pongs and closes; a bigger frame is refused (1009) and its
    /// connection closed before the frame is read.
    var frameBytes = 64 * 1024
    /// Past this many open connections new ones wait in the listen queue (as long as this too); far
    /// above what idle ones a browser opens ahead of need.
    var connections = 1024
    /// How long a WebSocket being closed waits for the page's own close frame.
    var closeSeconds: Int64 = 1
    /// How long a stop waits for the open pages to take their goodbye before it cuts their sockets: only
    /// a page that stopped reading takes that long.
    var goodbye: Duration = .seconds(3)
    var idleSeconds: Double

    init(idleSeconds: Double) { self.idleSeconds = idleSeconds }

    var idle: TimeAmount { .milliseconds(Int64(idleSeconds * 1000)) }

    var http1: HTTP1Channel.Configuration {
        HTTP1Channel.Configuration(
            idleTimeout: idle,
            httpDecoderConfiguration: .init(
                maxHeaderFieldSize: headBytes, maxHeaderListSize: headBytes, maxHeaderFieldCount: headerLines))
    }

    var webSocket: WebSocketServerConfiguration {
        // The hub pings (three silent intervals in a row end a page); the package's own ping would end
        // a page after one.
        WebSocketServerConfiguration(
            maxFrameSize: frameBytes, autoPing: .disabled, closeTimeout: .seconds(closeSeconds))
    }
}
