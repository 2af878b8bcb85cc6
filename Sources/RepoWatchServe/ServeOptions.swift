import Foundation
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
