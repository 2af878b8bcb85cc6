import FlyingFox
import FlyingSocks
import Foundation
import RepoWatchModel
import RepoWatchSite
import RepoWatchSupport

/// What `repowatch-site serve` was asked to do, checked once, here: the command line (whose
/// `validate()` makes this value) and tests get the same refusals.
package struct ServeOptions: Sendable {
    package let build: BuildOptions
    /// 0 picks a free port.
    package let port: UInt16
    /// The address to listen on: loopback unless the user asks (`--host`), a wildcard for every one.
    package let host: String
    /// Where the site appears, as on GitHub Pages for a project: `/` or `/REPO/`.
    package let basePath: String
    /// How often open pages' live-reload sockets are pinged; one silent for three pings in a row is closed.
    package let liveReloadPing: Duration
    /// How long a kept-alive connection may stay quiet before it is closed (without a word).
    package let idleSeconds: Double
    /// How long sources must stay quiet before a rebuild.
    package let settle: Duration

    /// - Parameters:
    ///   - host: an IP address, `[::1]` or `localhost`; kept in its normal form.
    ///   - basePath: `REPO`, `/REPO` or `/REPO/`; kept as `/REPO/`.
    ///   - liveReloadPing: seconds, above 0 and at most a day.
    ///   - idleSeconds: above 0 and at most a day.
    /// - Throws: `UsageError` naming the flag (`--host`, `--base-path`, `--live-reload-ping`, `--idle-timeout`).
    package init(
        build: BuildOptions, port: UInt16 = 8000, host: String = "127.0.0.1", basePath: String = "/",
        liveReloadPing: Double = 30, idleSeconds: Double = 15, settle: Duration = .milliseconds(200)
    ) throws {
        guard let basePath = Self.normalizeBasePath(basePath) else {
            throw UsageError("--base-path must be folder names separated by '/', like /watch/")
        }
        guard let host = Self.normalizeHost(host) else {
            throw UsageError("--host must be an IP address of this machine, like 192.168.1.20, or 0.0.0.0 for all")
        }
        for (name, seconds) in [("--live-reload-ping", liveReloadPing), ("--idle-timeout", idleSeconds)]
        where !(seconds > 0 && seconds <= 86_400) {
            throw UsageError("\(name) must be a number of seconds above 0")
        }
        var build = build
        // A preview is not a publication: its builds queue no notification (`notify` links to pages
        // that are not published from here).
        build.queuesNotifications = false
        self.build = build
        self.port = port
        self.host = host
        self.basePath = basePath
        self.liveReloadPing = .milliseconds(Int(liveReloadPing * 1000))
        self.idleSeconds = idleSeconds
        self.settle = settle
    }

    /// `REPO`, `/REPO`, `REPO/` → `/REPO/`; nil when a segment is not a plain folder name.
    static func normalizeBasePath(_ text: String) -> String? {
        let segments = text.split(separator: "/", omittingEmptySubsequences: true)
        for segment in segments {
            guard SitePathResolver.isSafe(String(segment)),
                segment.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 32 && !"?#%".unicodeScalars.contains($0) })
            else { return nil }
        }
        return segments.isEmpty ? "/" : "/" + segments.joined(separator: "/") + "/"
    }

    /// `--host`: an IPv4 or IPv6 address (brackets allowed), `localhost` for 127.0.0.1; nil otherwise.
    static func normalizeHost(_ text: String) -> String? {
        var text = text.trimmingCharacters(in: .whitespaces)
        if text.lowercased() == "localhost" { return "127.0.0.1" }
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        var ip4 = in_addr()
        var ip6 = in6_addr()
        if inet_pton(AF_INET, text, &ip4) == 1 { return text }
        if inet_pton(AF_INET6, text, &ip6) == 1 { return text.lowercased() }
        return nil
    }

    /// Whether only this machine can reach the address.
    static func isLoopback(_ host: String) -> Bool {
        host == "::1" || host.hasPrefix("127.")
    }
}

/// `repowatch-site serve`: builds the site, serves it on 127.0.0.1 (or `--host`), rebuilds when site.yml or
/// Templates/ change and reloads open pages. A failed rebuild keeps the last good site on disk
/// (the build swaps public/ only on success) and shows its error in the terminal and the pages.
package final class PreviewServer: Sendable {
    package let options: ServeOptions
    package let log: any BuildLog
    let hub: LiveReloadHub
    /// The live-reload connections: the gate counts and numbers them, the hub ends the silent ones.
    package let liveReloads = LiveReloadSockets()
    package let announce: @Sendable (String) -> Void

    /// - Parameter announce: receives the line with the URL to open (the command prints it to stdout).
    package init(options: ServeOptions, log: any BuildLog, announce: @escaping @Sendable (String) -> Void) {
        self.options = options
        self.log = log
        self.announce = announce
        hub = LiveReloadHub(
            pings: .every(options.liveReloadPing), endConnection: { [liveReloads] in liveReloads.end($0) },
            look: { [liveReloads] in liveReloads.look($0) })
    }

    /// Runs until the task is cancelled (the command cancels it on Ctrl-C).
    package func run() async throws {
        // FlyingFox listens where only the gate reaches it; the gate takes the port, before the build
        // (a port in use costs no build, no quota).
        let backendFolder = try Self.privateFolder()
        defer { try? FileManager.default.removeItem(atPath: backendFolder) }
        let gate: RequestGate
        do {
            var limits = RequestGate.Limits()
            limits.idleSeconds = options.idleSeconds
            gate = try RequestGate(
                address: options.host, port: options.port, backendPath: backendFolder + "/http.sock", limits: limits,
                liveReloads: liveReloads)
        } catch {
            throw Self.describe(error, host: options.host, port: options.port)
        }
        if !ServeOptions.isLoopback(options.host) { log.warning(Self.reachableWarning(host: options.host)) }
        let first = try await Build(options: options.build, log: log).run()
        let server = HTTPServer(
            address: .unix(path: backendFolder + "/http.sock"), logger: .disabled,
            handler: SiteRequestHandler(root: first.output, basePath: options.basePath, hub: hub))

        let configURL = options.build.configURL
        let watcher = try FileWatcher(
            directory: configURL.deletingLastPathComponent(), files: [configURL.lastPathComponent],
            folders: ["Templates"], settle: options.settle)
        let changes = watcher.changes()

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.run() }
            group.addTask { try await gate.run() }
            group.addTask { [self] in
                for await batch in changes { await rebuild(after: batch) }
            }
            group.addTask { [self] in
                try await server.waitUntilListening(timeout: 10)
                guard let port = gate.port else { throw UsageError("the preview server did not start listening") }
                announce(
                    "Serving \(first.output.path) at \(Self.address(host: options.host, port: port))\(options.basePath) "
                        + "(Ctrl-C to stop)")
                if HostPolicy.isWildcard(options.host) {
                    let others = Self.reachableAddresses(port: port).map { $0 + options.basePath }
                    if !others.isEmpty { log.info("From other devices: " + others.joined(separator: ", ")) }
                }
                while true { try await Task.sleep(for: .seconds(3600)) }
            }
            // The first child to end decides: a bind error from the server, or cancellation (Ctrl-C).
            var failure: Error?
            do { try await group.next() } catch { failure = error }
            watcher.stop()
            hub.closeAll()
            await server.stop(timeout: 1)
            group.cancelAll()
            if let failure, !Task.isCancelled, !(failure is CancellationError) {
                throw Self.describe(failure, host: options.host, port: options.port)
            }
        }
    }

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

    /// A folder only this user can enter, for the server's socket.
    static func privateFolder() throws -> String {
        var template = Array((NSTemporaryDirectory() + "/repowatch-serve-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw UsageError("cannot create a folder for the preview server") }
        return String(cString: made)
    }

    package static func port(_ address: Socket.Address) -> UInt16? {
        if case .ip4(_, let port) = address { return port }
        if case .ip6(_, let port) = address { return port }
        return nil
    }

    package static func describe(_ error: Error, host: String, port: UInt16) -> Error {
        guard let socketError = error as? SocketError, case .failed(_, let errno, _) = socketError else { return error }
        switch errno {
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
