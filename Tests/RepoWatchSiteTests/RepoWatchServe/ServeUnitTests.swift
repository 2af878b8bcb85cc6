import Foundation
import Synchronization
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchServe
@testable import RepoWatchSite
@testable import RepoWatchSupport

@Suite("serve: paths, types, the reload script")
struct ServeUnitTests {
    @Test("MIME types for every kind of file a site holds")
    func mimeTypes() {
        let expected = [
            "index.html": "text/html; charset=utf-8", "a/style.css": "text/css; charset=utf-8",
            "app.js": "text/javascript; charset=utf-8", "x.svg": "image/svg+xml", "a.png": "image/png",
            "data/snapshot.json": "application/json", "sitemap.xml": "application/xml", "f.woff2": "font/woff2",
            "favicon.ico": "image/x-icon", "LOGO.PNG": "image/png", ".nojekyll": "application/octet-stream",
            "README": "application/octet-stream",
        ]
        for (path, type) in expected { #expect(MIMEType.forPath(path) == type, "\(path)") }
    }

    @Test("the resolver maps paths into the site and nothing outside it")
    func resolver() throws {
        let base = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: base) }
        let root = base.appendingPathComponent("public")
        let manager = FileManager.default
        try manager.createDirectory(at: root.appendingPathComponent("repos/a/b"), withIntermediateDirectories: true)
        try Data("home".utf8).write(to: root.appendingPathComponent("index.html"))
        try Data("repo".utf8).write(to: root.appendingPathComponent("repos/a/b/index.html"))
        try Data("space".utf8).write(to: root.appendingPathComponent("a b.txt"))
        try Data("secret".utf8).write(to: base.appendingPathComponent("secret.txt"))
        try manager.createSymbolicLink(
            atPath: root.appendingPathComponent("link.txt").path,
            withDestinationPath: base.appendingPathComponent("secret.txt").path)
        try manager.createSymbolicLink(
            atPath: root.appendingPathComponent("inner.html").path,
            withDestinationPath: root.appendingPathComponent("index.html").path)
        let resolver = SitePathResolver(root: root)

        func file(_ path: String) -> String? {
            guard case .file(let url) = resolver.resolve(Substring(path)) else { return nil }
            return try? String(contentsOf: url, encoding: .utf8)
        }
        #expect(file("") == "home")
        #expect(file("index.html") == "home")
        #expect(file("repos/a/b/") == "repo")
        #expect(file("repos//a/b/index.html") == "repo")
        #expect(file("a%20b.txt") == "space")
        #expect(file("inner.html") == "home", "a symlink that stays inside is fine")
        #expect(resolver.resolve("repos/a/b") == .addSlash)
        for hostile in [
            "../secret.txt", "%2e%2e/secret.txt", "%2E%2E/secret.txt", "repos/../../secret.txt", "..%2fsecret.txt",
            "repos/%2e%2e/%2e%2e/secret.txt", "link.txt", ".%2e/secret.txt", "..%5csecret.txt", "index.html%00",
            "%", "index.html/", "nope.html",
        ] {
            #expect(resolver.resolve(Substring(hostile)) == .notFound, "\(hostile)")
        }
    }

    @Test("--base-path is normalized to /NAME/ and must be plain folder names")
    func basePath() {
        #expect(ServeOptions.normalizeBasePath("watch") == "/watch/")
        #expect(ServeOptions.normalizeBasePath("/watch") == "/watch/")
        #expect(ServeOptions.normalizeBasePath("/a/b/") == "/a/b/")
        #expect(ServeOptions.normalizeBasePath("/") == "/")
        #expect(ServeOptions.normalizeBasePath("") == "/")
        #expect(ServeOptions.normalizeBasePath("/../x/") == nil)
        #expect(ServeOptions.normalizeBasePath("/a b/") == nil)
        #expect(ServeOptions.normalizeBasePath("/a?b/") == nil)
    }

    @Test("a <script src> before the last </body> (any case), or at the end; no inline code; the socket from its URL")
    func injection() {
        let page = Data("<html><body><p>x</p></BODY></html>".utf8)
        let injected = String(
            decoding: LiveReloadScript.inject(into: page, scriptPath: "/w/__repowatch/livereload.js"), as: UTF8.self)
        #expect(
            injected
                == "<html><body><p>x</p><script src=\"/w/__repowatch/livereload.js\" data-repowatch-live-reload>"
                + "</script>\n</BODY></html>")
        let bare = String(
            decoding: LiveReloadScript.inject(into: Data("<p>x".utf8), scriptPath: "/s.js"), as: UTF8.self)
        #expect(bare.hasPrefix("<p>x<script src=\"/s.js\""))
        #expect(LiveReloadScript.source.contains(#"script.src.replace(/\.js(?:[?#].*)?$/, "")"#))
        #expect(!LiveReloadScript.source.contains("setAttribute(\"style\""), "styles through the CSSOM only")
    }

    @Test("the header is the page's own policy; the strict default without one; another for other files")
    func servedPolicy() {
        let policy = "default-src 'none'; script-src 'self' https://plausible.io; img-src 'self' data:"
        let page = Data("<html><head>\n<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">".utf8)
        #expect(ServedPolicy.header(forHTML: page) == policy)
        let escaped = Data(#"<head><META HTTP-EQUIV="content-security-policy" CONTENT="a &#39;b&#39;">"#.utf8)
        #expect(ServedPolicy.meta(in: escaped) == "a 'b'")
        let none = ServedPolicy.header(forHTML: Data("<p>no head".utf8))
        #expect(none.hasPrefix("default-src 'none'; script-src 'self';") && !none.contains("unsafe"))
        #expect(ServedPolicy.nonHTML.hasPrefix("default-src 'none'"))
    }

    static func text(_ message: LiveReloadHub.Message?) -> String? {
        guard case .text(let text) = message else { return nil }
        return text
    }

    @Test("the hub greets, reports the current error to newcomers, and clears it on reload")
    func hub() async throws {
        let hub = LiveReloadHub()
        hub.send(.error("site.yml:1:1: error: x"))
        #expect(hub.error == "site.yml:1:1: error: x")
        let (page, _) = AsyncThrowingStream<Void, any Error>.makeStream()
        var messages = hub.messages(for: page, id: nil).makeAsyncIterator()
        #expect(Self.text(await messages.next()) == #"{"type":"hello"}"#)
        #expect(Self.text(await messages.next()) == #"{"message":"site.yml:1:1: error: x","type":"error"}"#)
        hub.send(.reload)
        #expect(hub.error == nil)
        #expect(Self.text(await messages.next()) == #"{"type":"reload"}"#)
        hub.closeAll()
        #expect(await messages.next() == .goodbye)
        #expect(await messages.next() == nil)
    }

    @Test("the hub pings: a page silent for three pings in a row hears goodbye, one that answers stays")
    func hubPings() async throws {
        let ticks = HandTicks(connections: 2)
        // What the sockets show: page 1 never answers, page 2 answers every ping.
        let hub = LiveReloadHub(pings: ticks.schedule) { id in id == 1 ? .silent : .answered }
        let (quiet, _) = AsyncThrowingStream<Void, any Error>.makeStream()
        var silent = hub.messages(for: quiet, id: 1).makeAsyncIterator()
        #expect(Self.text(await silent.next()) == #"{"type":"hello"}"#)
        for _ in 0..<3 {
            ticks.tick(0)
            #expect(await silent.next() == .ping)
        }
        ticks.tick(0)
        #expect(await silent.next() == .goodbye)
        #expect(await silent.next() == nil)

        let (answering, page) = AsyncThrowingStream<Void, any Error>.makeStream()
        var alive = hub.messages(for: answering, id: 2).makeAsyncIterator()
        #expect(Self.text(await alive.next()) == #"{"type":"hello"}"#)
        for _ in 0..<6 {
            ticks.tick(1)
            #expect(await alive.next() == .ping)
        }
        #expect(hub.clientCount == 1)
        // The page closes: its messages end, and the hub forgets it.
        page.finish()
        while await alive.next() != nil {}
        #expect(hub.clientCount == 0)
    }

    @Test("--host takes IP addresses (and localhost); only loopback ones are private")
    func hostOption() {
        #expect(ServeOptions.normalizeHost("0.0.0.0") == "0.0.0.0")
        #expect(ServeOptions.normalizeHost("[::1]") == "::1" && ServeOptions.normalizeHost("::") == "::")
        #expect(ServeOptions.normalizeHost("localhost") == "127.0.0.1")
        #expect(ServeOptions.normalizeHost("192.168.1.20") == "192.168.1.20")
        for bad in ["example.com", "1.2.3", "", "127.0.0.1:8000", "http://127.0.0.1"] {
            #expect(ServeOptions.normalizeHost(bad) == nil, "\(bad)")
        }
        #expect(ServeOptions.isLoopback("127.0.0.1") && ServeOptions.isLoopback("::1"))
        #expect(!ServeOptions.isLoopback("0.0.0.0") && !ServeOptions.isLoopback("192.168.1.20"))
        #expect(PreviewServer.address(host: "0.0.0.0", port: 8000) == "http://127.0.0.1:8000")
        #expect(PreviewServer.address(host: "fe80::1", port: 8000) == "http://[fe80::1]:8000")
        // What a wildcard address tells the user to open from another device.
        #expect(
            PreviewServer.reachableAddresses(
                port: 8000,
                localAddresses: ["127.0.0.1", "192.168.1.20", "::1", "fe80::1", "2001:db8::5", "192.168.1.20"])
                == ["http://192.168.1.20:8000", "http://[2001:db8::5]:8000"])
    }

    @Test("cname: a bare domain name, lowercased; URLs and paths are errors with their line")
    func cname() throws {
        let config = try ConfigLoader(file: "site.yml").parse("repos: [a/b]\ncname: Watch.Example.com\n").config
        #expect(config.cname == "watch.example.com")
        for bad in ["https://watch.example.com", "watch.example.com/x", "localhost", "-a.example.com"] {
            #expect {
                try ConfigLoader(file: "site.yml").parse("repos: [a/b]\ncname: \(bad)\n")
            } throws: { error in
                (error as? DiagnosticsError)?.diagnostics.first.map { $0.line == 2 && $0.message.contains("cname") }
                    == true
            }
        }
    }
}

/// Ticks a test gives by hand: one stream for each connection, in the order they open.
final class HandTicks: Sendable {
    private let streams: [(AsyncStream<Void>, AsyncStream<Void>.Continuation)]
    private let handedOut = Mutex(0)

    init(connections: Int) { streams = (0..<connections).map { _ in AsyncStream<Void>.makeStream() } }

    var schedule: PingSchedule {
        PingSchedule { [self] in
            let index = handedOut.withLock { count in
                defer { count += 1 }
                return count
            }
            return streams[index].0
        }
    }

    func tick(_ connection: Int) { streams[connection].1.yield() }
}
