import Foundation
import Testing

@testable import RepoWatchServe

/// Which `Host` and `Origin` values the preview answers: its own names, never a page's elsewhere.
@Suite("serve: the names it answers to and the pages that may live-reload")
struct HostPolicyTests {
    /// What the policy judges of a request: its `Host`, its `Origin`, whether it asks for the socket.
    struct Head {
        var host: String?
        var origin: String?
        var upgrade = false
    }

    static func head(host: String?, origin: String? = nil, upgrade: Bool = false) -> Head {
        Head(host: host, origin: origin, upgrade: upgrade)
    }
    @Test("loopback: 127.0.0.1, localhost and [::1] with the port; any other name or port is refused")
    func loopback() throws {
        let policy = HostPolicy(address: "127.0.0.1", port: 8123, localAddresses: ["192.168.1.20"])
        for host in ["127.0.0.1:8123", "localhost:8123", "LocalHost:8123", "[::1]:8123"] {
            #expect(policy.refusal(Self.head(host: host)) == nil, "\(host)")
        }
        let forged = [
            "evil.example", "evil.example:8123", "127.0.0.1", "127.0.0.1:8000", "localhost", "192.168.1.20:8123",
            "127.0.0.1:8123.evil.example", "localhost.:8123", "",
        ]
        for host in forged {
            let refusal = policy.refusal(Self.head(host: host))
            #expect(refusal != nil, "\(host)")
            #expect(refusal?.status == 403)
        }
        #expect(policy.refusal(Self.head(host: nil)) != nil)
    }

    @Test("the live-reload socket opens only for the preview's own pages")
    func origins() throws {
        let policy = HostPolicy(address: "127.0.0.1", port: 8123, localAddresses: [])
        for origin in ["http://127.0.0.1:8123", "http://localhost:8123", "http://[::1]:8123"] {
            #expect(policy.refusal(Self.head(host: "127.0.0.1:8123", origin: origin, upgrade: true)) == nil)
        }
        let foreign = [
            nil, "null", "https://evil.example", "http://evil.example:8123", "https://127.0.0.1:8123",
            "http://127.0.0.1:8000", "http://127.0.0.1:8123/", "file://",
        ]
        for origin in foreign {
            #expect(
                policy.refusal(Self.head(host: "127.0.0.1:8123", origin: origin, upgrade: true)) != nil,
                "\(origin ?? "no Origin")")
        }
        // A page of another site may still link to the preview: only the socket checks Origin.
        #expect(policy.refusal(Self.head(host: "127.0.0.1:8123", origin: "https://evil.example")) == nil)
    }

    @Test("--host: the address given; a wildcard adds the machine's own addresses; port 80 also bare")
    func hosts() {
        let one = HostPolicy(address: "192.168.1.20", port: 8000, localAddresses: ["10.0.0.5"])
        #expect(one.allows(host: "192.168.1.20:8000") && !one.allows(host: "10.0.0.5:8000"))
        let all = HostPolicy(address: "0.0.0.0", port: 8000, localAddresses: ["10.0.0.5", "fe80::1"])
        #expect(all.allows(host: "10.0.0.5:8000") && all.allows(host: "[fe80::1]:8000"))
        #expect(!all.allows(host: "0.0.0.0:8000") && !all.allows(host: "evil.example:8000"))
        #expect(all.allows(origin: "http://10.0.0.5:8000"))
        let standard = HostPolicy(address: "127.0.0.1", port: 80, localAddresses: [])
        #expect(standard.allows(host: "localhost") && standard.allows(host: "localhost:80"))
        #expect(!HostPolicy.localAddresses().isEmpty)
    }
}

extension HostPolicy {
    func refusal(_ head: HostPolicyTests.Head) -> ServeRefusal? {
        refusal(host: head.host, origin: head.origin, isUpgrade: head.upgrade)
    }
}
