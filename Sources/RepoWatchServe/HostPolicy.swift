import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Which names the preview answers to, and which pages may open its live-reload socket.
///
/// A web page the user visits elsewhere may point a name of its own at 127.0.0.1 (DNS rebinding):
/// its requests then reach the preview, and its scripts could read it, private repositories included
/// under `private: include`. Such a request carries the page's name in `Host`, so only the names that
/// mean this server are answered: `127.0.0.1:PORT`, `localhost:PORT`, `[::1]:PORT`, the `--host`
/// address, and for a wildcard `--host` (`0.0.0.0`, `::`) the machine's own addresses. A WebSocket is
/// not held to the same-origin policy, so the live-reload socket also checks `Origin`: only a page
/// this server sent may open it.
package struct HostPolicy: Sendable, Equatable {
    /// Lowercased `Host` values, with the port.
    package private(set) var hosts: Set<String>

    package init(hosts: Set<String>) { self.hosts = Set(hosts.map { $0.lowercased() }) }

    /// The names of a server listening on `address` (an IP address, as `--host` takes it) and `port`.
    /// - Parameter localAddresses: the machine's addresses, for a wildcard address.
    package init(address: String, port: UInt16, localAddresses: [String] = HostPolicy.localAddresses()) {
        var names = ["127.0.0.1", "localhost", "::1", address]
        if Self.isWildcard(address) { names += localAddresses }
        var hosts = Set<String>()
        for name in names where !Self.isWildcard(name) {
            let host = name.contains(":") ? "[\(name)]" : name
            hosts.insert("\(host):\(port)")
            // Browsers leave the default port out.
            if port == 80 { hosts.insert(host) }
        }
        self.init(hosts: hosts)
    }

    package func allows(host: String?) -> Bool {
        guard let host else { return false }
        return hosts.contains(host.lowercased())
    }

    /// An `Origin` of a page this server sent: `http://` and a name it answers to.
    package func allows(origin: String?) -> Bool {
        guard let origin, origin.lowercased().hasPrefix("http://") else { return false }
        return hosts.contains(String(origin.dropFirst("http://".count)).lowercased())
    }

    /// Why a request with this `Host` (and `Origin`, for the live-reload socket) is refused, in words
    /// for whoever meets it in a browser; nil when it may go on.
    package func refusal(host: String?, origin: String?, isUpgrade: Bool) -> ServeRefusal? {
        // RFC 9112: a request without Host is a bad request, whoever sends it.
        guard let host else { return .malformed }
        guard allows(host: host) else {
            return .forbidden(
                "This is a repowatch-site preview; it answers only to "
                    + hosts.sorted().map { "http://\($0)/" }.joined(separator: ", ")
                    + ". To open it under another name or address, start it with --host.")
        }
        if isUpgrade, !allows(origin: origin) {
            return .forbidden("Only the preview's own pages may open its live-reload connection.")
        }
        return nil
    }

    static func isWildcard(_ address: String) -> Bool { address == "0.0.0.0" || address == "::" }

    /// Every address of this machine's network interfaces (IPv6 link-local ones without their zone,
    /// which a URL cannot carry).
    package static func localAddresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = entry.pointee.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(
                family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            guard getnameinfo(address, length, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 else {
                continue
            }
            let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            addresses.append(String(name.prefix { $0 != "%" }))
        }
        return addresses
    }
}
