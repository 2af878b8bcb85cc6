import Foundation
import Testing

/// `repowatch-site serve` as a user runs it: the built binary on an ephemeral port, sample data.
@Suite("serve")
struct ServeTests {
    static let site = """
        # A comment that must survive
        title: Serve Test
        repos:
          - apple/swift
          - kudoleh/iOS-Clean-Architecture-MVVM
        widgets:
          - kind: single
            repo: apple/swift
          - kind: double
            top: apple/swift
            bottom: kudoleh/iOS-Clean-Architecture-MVVM

        """

    /// A site folder with `site.yml`, and `serve --sample --port 0` running in it.
    static func start(_ label: String, _ extra: [String] = []) async throws -> (TempDir, ServeProcess, UInt16, String) {
        let dir = try TempDir(label)
        try dir.write("site.yml", site)
        // A raw test socket answers pings only while it reads: unpinged unless the test is about pings.
        let pings = extra.contains("--live-reload-ping") ? [] : ["--live-reload-ping", "86400"]
        let server = try ServeProcess(["--sample", "--port", "0"] + pings + extra, in: dir.url)
        let url = try await server.waitForURL()
        let port = UInt16(url.port ?? 0)
        return (dir, server, port, url.path.hasSuffix("/") ? url.path : url.path + "/")
    }

    @Test("pages, folders, MIME types, a 404 with 404.html; the reload script only in served HTML")
    func pagesAndTypes() async throws {
        let (dir, server, port, _) = try await Self.start("serve-pages")
        defer { dir.remove() }
        let extraFiles: [(String, String)] = [
            ("extra/app.js", "text/javascript"), ("extra/data.json", "application/json"),
            ("extra/feed.xml", "application/xml"), ("extra/font.woff2", "font/woff2"),
            ("extra/favicon.ico", "image/x-icon"), ("extra/logo.svg", "image/svg+xml"),
        ]
        for (path, _) in extraFiles { try dir.write("public/\(path)", "x") }

        let index = try await RawHTTP.get(port: port, "/")
        #expect(index.status == 200, "\(index)")
        #expect(index.contentType == "text/html; charset=utf-8")
        #expect(index.text.contains("Serve Test"))
        #expect(index.text.contains("data-repowatch-live-reload"))
        #expect(
            index.text.range(of: "data-repowatch-live-reload")!.lowerBound < index.text.range(of: "</body>")!.lowerBound
        )
        let onDisk = try String(contentsOf: dir.url.appendingPathComponent("public/index.html"), encoding: .utf8)
        #expect(!onDisk.contains("repowatch-live-reload"), "the script must never reach public/")
        // The page's own policy as a header, and no inline script for it to refuse.
        #expect(index.headers["x-content-type-options"] == "nosniff")
        let policy = try #require(index.headers["content-security-policy"], "\(index)")
        #expect(onDisk.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">"))
        #expect(policy.contains("script-src 'self';") && policy.contains("default-src 'none'"))
        #expect(HTMLPage(index.text).tags(where: "data-repowatch-live-reload").allSatisfy { $0["src"] != nil })
        let script = try await RawHTTP.get(port: port, "/__repowatch/livereload.js")
        #expect(script.status == 200 && script.contentType == "text/javascript; charset=utf-8", "\(script)")
        #expect(script.text.contains("new WebSocket(socketURL)"))

        let folder = try await RawHTTP.get(port: port, "/repos/apple/swift/")
        #expect(folder.status == 200 && folder.text.contains("data-widget"), "\(folder)")
        let noSlash = try await RawHTTP.get(port: port, "/repos/apple/swift")
        #expect(noSlash.status == 301 && noSlash.headers["location"] == "/repos/apple/swift/", "\(noSlash)")

        let css = try await RawHTTP.get(port: port, "/assets/style.css")
        #expect(css.status == 200 && css.contentType == "text/css; charset=utf-8", "\(css)")
        #expect(!css.text.contains("repowatch-live-reload"))
        let avatars = try FileManager.default.contentsOfDirectory(
            atPath: dir.url.appendingPathComponent("public/avatars").path)
        let avatar = try #require(avatars.first)
        let image = try await RawHTTP.get(port: port, "/avatars/\(avatar)")
        #expect(image.status == 200)
        #expect(image.contentType == (avatar.hasSuffix(".svg") ? "image/svg+xml" : "image/png"))
        let json = try await RawHTTP.get(port: port, "/data/snapshot.json")
        #expect(json.status == 200 && json.contentType == "application/json")
        for (path, type) in extraFiles {
            let response = try await RawHTTP.get(port: port, "/\(path)")
            #expect(response.status == 200 && response.contentType.hasPrefix(type), "\(path): \(response)")
        }

        let missing = try await RawHTTP.get(port: port, "/no/such/page.html")
        #expect(missing.status == 404)
        let notFoundPage = try String(contentsOf: dir.url.appendingPathComponent("public/404.html"), encoding: .utf8)
        let firstLine = try #require(notFoundPage.split(separator: "\n").first)
        #expect(missing.text.contains(firstLine))
        #expect(missing.text.contains("data-repowatch-live-reload"))

        let head = try await RawHTTP.get(port: port, "/", method: "HEAD")
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(await server.interrupt() == 0)
    }

    static let traversalTargets = [
        "/../site.yml", "/..%2fsite.yml", "/%2e%2e/site.yml", "/%2E%2E/%2E%2E/etc/passwd", "/assets/../../site.yml",
        "/assets/%2e%2e/%2e%2e/site.yml", "/assets/.%2e/.%2e/site.yml", "//etc/passwd", "/%2fetc%2fpasswd",
        "/..\\site.yml", "/%5c..%5csite.yml", "/outside/secret.txt", "/outside-file.txt", "/outside/",
        "/%00index.html", "/index.html%00.txt", "http://127.0.0.1/../site.yml", "/./../site.yml",
    ]

    @Test("no path reaches a file outside the site: .., %2e%2e, encoded slashes, absolute, symlinks out")
    func traversal() async throws {
        let (dir, server, port, _) = try await Self.start("serve-traversal")
        defer { dir.remove() }
        let secret = "SECRET-\(UUID().uuidString)"
        try dir.write("secret/secret.txt", secret)
        // Symlinks inside the site that lead out of it.
        let manager = FileManager.default
        try manager.createSymbolicLink(
            atPath: dir.url.appendingPathComponent("public/outside").path,
            withDestinationPath: dir.url.appendingPathComponent("secret").path)
        try manager.createSymbolicLink(
            atPath: dir.url.appendingPathComponent("public/outside-file.txt").path,
            withDestinationPath: dir.url.appendingPathComponent("secret/secret.txt").path)

        for target in Self.traversalTargets {
            // A server may also refuse to answer a malformed target at all; that leaks nothing either.
            guard let response = try? await RawHTTP.get(port: port, target) else { continue }
            #expect(!response.text.contains(secret), "\(target) leaked a file: \(response)")
            #expect(!response.text.contains("A comment that must survive"), "\(target) leaked site.yml")
            #expect(!response.text.contains("root:x:0"), "\(target) leaked /etc/passwd")
            #expect([400, 404].contains(response.status), "\(target): \(response)")
        }
        let stillUp = try await RawHTTP.get(port: port, "/")
        #expect(stillUp.status == 200)
        #expect(await server.interrupt() == 0)
    }

    @Test("--base-path serves the site under /REPO/ like a GitHub project page")
    func basePath() async throws {
        let (dir, server, port, path) = try await Self.start("serve-base", ["--base-path", "watch"])
        defer { dir.remove() }
        #expect(path == "/watch/")
        #expect(server.stdout.contains("http://127.0.0.1:\(port)/watch/"))
        let index = try await RawHTTP.get(port: port, "/watch/")
        #expect(index.status == 200 && index.text.contains("Serve Test"), "\(index)")
        #expect(index.text.contains("<script src=\"/watch/__repowatch/livereload.js\" data-repowatch-live-reload>"))
        #expect(try await RawHTTP.get(port: port, "/watch/__repowatch/livereload.js").status == 200)
        let css = try await RawHTTP.get(port: port, "/watch/assets/style.css")
        #expect(css.status == 200 && css.contentType.hasPrefix("text/css"))
        let bare = try await RawHTTP.get(port: port, "/watch")
        #expect(bare.status == 301 && bare.headers["location"] == "/watch/")
        let root = try await RawHTTP.get(port: port, "/")
        #expect(root.status == 301 && root.headers["location"] == "/watch/")
        let outside = try await RawHTTP.get(port: port, "/assets/style.css")
        #expect(outside.status == 404)
        let socket = try await RawHTTP.webSocket(port: port, "/watch/__repowatch/livereload")
        #expect(try await RawHTTP.nextMessage(socket)?["type"] == "hello")
        #expect(await server.interrupt() == 0)
    }

    @Test("a change to site.yml rebuilds: open pages get `reload`, the next request the new content")
    func liveReload() async throws {
        let (dir, server, port, _) = try await Self.start("serve-reload")
        defer { dir.remove() }
        let socket = try await RawHTTP.webSocket(port: port, "/__repowatch/livereload")
        #expect(try await RawHTTP.nextMessage(socket)?["type"] == "hello")

        try dir.write("site.yml", Self.site.replacingOccurrences(of: "title: Serve Test", with: "title: Edited Title"))
        let message = try await RawHTTP.nextMessage(socket)
        #expect(message?["type"] == "reload", "\(String(describing: message))\n\(server.stderr)")
        let index = try await RawHTTP.get(port: port, "/")
        #expect(index.text.contains("Edited Title"))
        #expect(!index.text.contains("Serve Test"))
        #expect(server.stderr.contains("Changed: site.yml"))

        // Templates/ (and its assets/) are watched too, including a folder created while serving.
        try dir.write("Templates/assets/extra.css", "body { color: red }")
        #expect(try await RawHTTP.nextMessage(socket)?["type"] == "reload", "\(server.stderr)")
        // Creating Templates/ and then the file may come as two changes, two rebuilds: the first may
        // not have the file yet, the next reload does.
        var css = try await RawHTTP.get(port: port, "/assets/extra.css")
        while css.status != 200, try await RawHTTP.nextMessage(socket)?["type"] == "reload" {
            css = try await RawHTTP.get(port: port, "/assets/extra.css")
        }
        #expect(css.status == 200 && css.text.contains("color: red"))
        #expect(await server.interrupt() == 0)
    }

    @Test("a failed rebuild keeps the last good site and shows the error in the terminal and the page")
    func failedRebuild() async throws {
        let (dir, server, port, _) = try await Self.start("serve-error")
        defer { dir.remove() }
        let socket = try await RawHTTP.webSocket(port: port, "/__repowatch/livereload")
        #expect(try await RawHTTP.nextMessage(socket)?["type"] == "hello")

        try dir.write("site.yml", "title: Broken\nrepos: []\n")
        let message = try await RawHTTP.nextMessage(socket)
        #expect(message?["type"] == "error")
        #expect(message?["message"]?.contains("site.yml:2:") == true, "\(String(describing: message))")
        // The terminal's copy comes through a pipe read as it fills: waited for, not assumed already read.
        #expect(await server.waitForStderr("\nsite.yml:2:8: error: `repos` is empty"), "\(server.stderr)")
        #expect(await server.waitForStderr("    2 | repos: []\n      |        ^\n"), "\(server.stderr)")
        #expect(!server.stderr.contains("error: site.yml"), "said twice: \(server.stderr)")

        let index = try await RawHTTP.get(port: port, "/")
        #expect(index.status == 200)
        #expect(index.text.contains("Serve Test"), "the last good site is still served")
        // A page loaded now shows the error too: its script's socket is told at once, as below (no
        // inline script carries it, which the pages' Content-Security-Policy would refuse).
        #expect(index.text.contains("<script src=\"/__repowatch/livereload.js\" data-repowatch-live-reload>"))
        let onDisk = try String(contentsOf: dir.url.appendingPathComponent("public/index.html"), encoding: .utf8)
        #expect(onDisk.contains("Serve Test"))

        // A late-joining page learns about the error at once.
        let late = try await RawHTTP.webSocket(port: port, "/__repowatch/livereload")
        #expect(try await RawHTTP.nextMessage(late)?["type"] == "hello")
        #expect(try await RawHTTP.nextMessage(late)?["type"] == "error")

        try dir.write("site.yml", Self.site.replacingOccurrences(of: "Serve Test", with: "Fixed Title"))
        // On a busy machine the broken save can reach the watcher as two batches (the file truncated,
        // then written), each told as an error: the fix is the first message that is not one.
        var next = try await RawHTTP.nextMessage(socket)
        while next?["type"] == "error" { next = try await RawHTTP.nextMessage(socket) }
        #expect(next?["type"] == "reload", "\(String(describing: next))")
        let fixed = try await RawHTTP.get(port: port, "/")
        #expect(fixed.text.contains("Fixed Title"))
        #expect(!fixed.text.contains("site.yml:2:"))
        #expect(await server.interrupt() == 0)
    }

    @Test("Ctrl-C stops the server cleanly, with open WebSocket connections")
    func interrupt() async throws {
        let (dir, server, port, _) = try await Self.start("serve-stop")
        defer { dir.remove() }
        let socket = try await RawHTTP.webSocket(port: port, "/__repowatch/livereload")
        #expect(try await RawHTTP.nextMessage(socket)?["type"] == "hello")
        #expect(await server.interrupt() == 0, "\(server.stderr)")
        #expect(await server.waitForStderr("Stopped."))
        // Closed with a close frame, or cut: either way the page's socket is gone.
        let after = try? await RawHTTP.nextMessage(socket)
        #expect(after == nil, "the socket is closed")
        await #expect(throws: (any Error).self) { try await RawHTTP.get(port: port, "/") }
    }

    @Test("a port in use is a clear usage error, exit 2, before anything is built")
    func portInUse() async throws {
        let (dir, server, port, _) = try await Self.start("serve-busy")
        defer { dir.remove() }
        let second = try await BinaryRunner.run(
            ["serve", "--sample", "--port", String(port), "--output", "public2"], in: dir.url,
            environment: BinaryRunner.environment(home: dir.url.appendingPathComponent("home")), timeout: 30)
        #expect(second.status == 2, "\(second)")
        #expect(second.stderr.contains("port \(port) on 127.0.0.1 is in use"), "\(second)")
        // Checked first: no build (no quota spent on a live one), nothing written.
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("public2").path))
        #expect(!second.stderr.contains("Built"), "\(second)")
        #expect(await server.interrupt() == 0)
    }

    @Test("a configuration error before the first build exits 2 without serving")
    func initialConfigError() async throws {
        let dir = try TempDir("serve-bad")
        defer { dir.remove() }
        try dir.write("site.yml", "repos: [nope]\n")
        let result = try await BinaryRunner.run(
            ["serve", "--sample", "--port", "0"], in: dir.url,
            environment: BinaryRunner.environment(home: dir.url.appendingPathComponent("home")), timeout: 30)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("site.yml:1:"))
        #expect(!result.stdout.contains("http://"))
    }
}
