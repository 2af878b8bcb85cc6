import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import RepoWatchModel
import RepoWatchSite
import RepoWatchSupport
import ServiceLifecycle
import Synchronization

/// `repowatch-site serve`: builds the site, serves it on 127.0.0.1 (or `--host`), rebuilds when site.yml or
/// Templates/ change and reloads open pages. A failed rebuild keeps the last good site on disk
/// (the build swaps public/ only on success) and shows its error in the terminal and the pages.
package final class PreviewServer: Sendable {
    package let options: ServeOptions
    package let log: any BuildLog
    let hub: LiveReloadHub
    /// The live-reload connections: counted, and judged by what their sockets show.
    let liveReloads = LiveReloadSockets()
    package let announce: @Sendable (String) -> Void

    /// - Parameter announce: receives the line with the URL to open (the command prints it to stdout).
    package init(options: ServeOptions, log: any BuildLog, announce: @escaping @Sendable (String) -> Void) {
        self.options = options
        self.log = log
        self.announce = announce
        hub = LiveReloadHub(pings: .every(options.liveReloadPing), look: { [liveReloads] in liveReloads.look($0) })
    }

    /// What `stop()` reaches: the running server's services, or that a stop came before them.
    private let stopping = Mutex<(requested: Bool, services: ServiceGroup?)>((false, nil))

    /// Runs until `stop()`: takes the port, builds, then serves and rebuilds on changes.
    package func run() async throws {
        let state = ServeState(basePath: options.basePath, liveReloads: liveReloads)
        let limits = ServeLimits(idleSeconds: options.idleSeconds)
        let (ports, listening) = AsyncStream<UInt16>.makeStream()
        let app = Application(
            responder: SiteResponder(state: state),
            server: PreviewChannel.builder(state: state, limits: limits, hub: hub),
            configuration: ApplicationConfiguration(
                address: .hostname(options.host, port: Int(options.port)), serverName: nil, backlog: limits.connections,
                availableConnectionsDelegate: MaximumAvailableConnections(limits.connections)),
            onServerRunning: { channel in
                listening.yield(UInt16(channel.localAddress?.port ?? 0))
                listening.finish()
            },
            logger: Self.silent)
        // A stop shuts the services down gracefully, last first: the watch (whose pages hear goodbye), then
        // the server, which closes idle connections at once and lets the requests in flight finish.
        let watch = SiteWatch(server: self, state: state, ports: ports, goodbyeWait: limits.goodbye)
        let services = ServiceGroup(
            configuration: .init(
                services: [app, watch], gracefulShutdownSignals: [], cancellationSignals: [], logger: Self.silent))
        let stopped = stopping.withLock { stopping in
            stopping.services = services
            return stopping.requested
        }
        if stopped { await services.triggerGracefulShutdown() }
        defer { stopping.withLock { $0.services = nil } }
        do {
            try await services.run()
        } catch {
            throw Self.describe(error, host: options.host, port: options.port)
        }
    }

    /// Stops serving (Ctrl-C): no new connections, idle ones and open pages' sockets closed at once,
    /// requests in flight finished; then `run()` returns.
    package func stop() {
        let services = stopping.withLock { stopping in
            stopping.requested = true
            return stopping.services
        }
        guard let services else { return }
        Task { await services.triggerGracefulShutdown() }
    }

    /// Says goodbye to every open page (a close frame, going away) and returns once their sockets have
    /// closed; one that has not taken its goodbye within `limit` (a page that stopped reading) is cut.
    func sayGoodbye(within limit: Duration) async {
        hub.closeAll()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [liveReloads] in
                guard (try? await Task.sleep(for: limit)) != nil else { return }
                liveReloads.endAll()
            }
            await liveReloads.allClosed()
            group.cancelAll()
        }
    }

    /// Builds, then serves the site until cancelled, rebuilding on changes.
    func serve(state: ServeState, port: UInt16) async throws {
        state.policy = HostPolicy(address: options.host, port: port)
        if !ServeOptions.isLoopback(options.host) { log.warning(Self.reachableWarning(host: options.host)) }
        let first = try await Build(options: options.build, log: log).run()
        state.root = first.output
        let configURL = options.build.configURL
        let watcher = try FileWatcher(
            directory: configURL.deletingLastPathComponent(), files: [configURL.lastPathComponent],
            folders: ["Templates"], settle: options.settle)
        defer { watcher.stop() }
        announce(
            "Serving \(first.output.path) at \(Self.address(host: options.host, port: port))\(options.basePath) "
                + "(Ctrl-C to stop)")
        if HostPolicy.isWildcard(options.host) {
            let others = Self.reachableAddresses(port: port).map { $0 + options.basePath }
            if !others.isEmpty { log.info("From other devices: " + others.joined(separator: ", ")) }
        }
        for await batch in watcher.changes() { await rebuild(after: batch) }
        try Task.checkCancellation()
    }

    /// Hummingbird's own log lines stay out of the terminal: the preview says what matters itself.
    static let silent = Logger(label: "repowatch-site.serve") { _ in SwiftLogNoOpLogHandler() }

    /// The URL to open: the loopback one for a wildcard address (the others are in `HostPolicy`).
    package static func address(host: String, port: UInt16) -> String {
        let shown = HostPolicy.isWildcard(host) ? "127.0.0.1" : host
        return "http://\(shown.contains(":") ? "[\(shown)]" : shown):\(port)"
    }

    /// This machine's addresses that another device could open (loopback and link-local ones left out:
    /// they lead nowhere from there, or need a zone a URL cannot carry).
    static func reachableAddresses(port: UInt16, localAddresses: [String] = HostPolicy.localAddresses())
        -> [String]
    {
        var seen = Set<String>()
        return localAddresses.filter { address in
            let lowered = address.lowercased()
            guard !ServeOptions.isLoopback(lowered), !lowered.hasPrefix("fe80:") else { return false }
            return seen.insert(lowered).inserted
        }.map { Self.address(host: $0, port: port) }
    }

    static func reachableWarning(host: String) -> String {
        "serving on \(host), not only on this machine: anyone who can reach it on your network can open the "
            + "preview, and a site with `private: include` shows its private repositories there"
    }

    package func rebuild(after changes: [String]) async {
        let list = changes.prefix(3).joined(separator: ", ") + (changes.count > 3 ? ", …" : "")
        log.info("Changed: \(list); rebuilding…")
        var rebuild = options.build
        rebuild.recordsHistory = false
        rebuild.warnsWithoutBaseURL = false
        do {
            _ = try await Build(options: rebuild, log: log).run()
            hub.send(.reload)
        } catch let error as DiagnosticsError {
            // Each diagnostic already says `error:` after its place; the log must not say it again.
            DiagnosticReporter(log: log, environment: rebuild.environment, configPath: rebuild.configPath).report(error)
            stillServing(error.description)
        } catch {
            let message = ErrorText.describe(error)
            log.error(message)
            stillServing("error: " + message)
        }
    }

    private func stillServing(_ message: String) {
        log.info("Still serving the last good site; fix the error and save to rebuild.")
        hub.send(.error(message))
    }

    package static func describe(_ error: Error, host: String, port: UInt16) -> Error {
        guard let failure = error as? IOError else { return error }
        switch failure.errnoCode {
        case EADDRINUSE:
            return UsageError("port \(port) on \(host) is in use; pick another with --port (0 picks a free one)")
        case EADDRNOTAVAIL:
            return UsageError(
                "\(host) is not an address of this machine; --host takes one of its addresses, or 0.0.0.0 for all")
        case EACCES:
            return UsageError(
                "port \(port) needs more privileges; pick one above 1023 with --port (0 picks a free one)")
        default:
            return error
        }
    }
}

/// The preview's own work, a service beside the server: once the server listens, the first build and a
/// rebuild for each change; at a stop, goodbye to the open pages before the server goes.
struct SiteWatch: Service {
    let server: PreviewServer
    let state: ServeState
    let ports: AsyncStream<UInt16>
    let goodbyeWait: Duration

    func run() async throws {
        // The server takes the port before the build: a port in use costs no build, no quota. No port: the
        // server did not start listening, and its own error ends the group.
        var started = ports.makeAsyncIterator()
        guard let port = await started.next() else { return }
        do {
            try await cancelWhenGracefulShutdown { [server, state] in try await server.serve(state: state, port: port) }
        } catch {
            // Stopped: whatever the build or the watch was doing is given up.
            guard Task.isShuttingDownGracefully else { throw error }
        }
        await server.sayGoodbye(within: goodbyeWait)
    }
}
