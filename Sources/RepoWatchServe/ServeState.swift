import Foundation
import NIOCore
import NIOHTTP1
import Synchronization

/// What the preview's connections share: the names it answers to (known once it listens, for port 0),
/// the built site's folder (known once the first build is done), and the live-reload connections.
final class ServeState: Sendable {
    /// Starts and ends with "/": `/` or `/REPO/`.
    let basePath: String
    let liveReloads: LiveReloadSockets
    private let known = Mutex<(policy: HostPolicy?, root: URL?)>((nil, nil))

    init(basePath: String, liveReloads: LiveReloadSockets) {
        self.basePath = basePath
        self.liveReloads = liveReloads
    }

    var socketPath: String { basePath + LiveReloadScript.socketName }
    var scriptPath: String { basePath + LiveReloadScript.fileName }

    var policy: HostPolicy? {
        get { known.withLock { $0.policy } }
        set { known.withLock { $0.policy = newValue } }
    }

    var root: URL? {
        get { known.withLock { $0.root } }
        set { known.withLock { $0.root = newValue } }
    }

    enum Admission: Equatable {
        case admitted(UInt64)
        case refused(ServeRefusal)
        /// An upgrade to another path: hummingbird-websocket refuses it.
        case elsewhere
    }

    /// Whether a WebSocket upgrade may open a live-reload connection; an admitted one holds a place in
    /// `liveReloads` until `channel` closes.
    func admitLiveReload(_ head: HTTPRequestHead, channel: any Channel) -> Admission {
        let hosts = head.headers["host"]
        guard hosts.count <= 1 else { return .refused(.malformed) }
        guard let policy else { return .refused(.busy("The preview is starting; try again in a moment.")) }
        if let refusal = policy.refusal(host: hosts.first, origin: head.headers["origin"].first, isUpgrade: true) {
            return .refused(refusal)
        }
        guard head.uri.prefix(while: { $0 != "?" }) == socketPath else { return .elsewhere }
        guard let id = liveReloads.reserve(channel) else {
            let limit = liveReloads.limit
            return .refused(.busy("More than \(limit) pages of this preview are open; close some to live-reload them."))
        }
        return .admitted(id)
    }
}
