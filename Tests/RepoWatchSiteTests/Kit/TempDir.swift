import Foundation

/// A fresh directory under the system temp dir; removed by `remove()` unless `$REPOWATCH_E2E_KEEP` is set.
struct TempDir: Sendable {
    let url: URL

    init(_ label: String) throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("repowatch-e2e-\(label)-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ contents: String) throws {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: file)
    }

    func remove() {
        guard ProcessInfo.processInfo.environment["REPOWATCH_E2E_KEEP"] == nil else { return }
        try? FileManager.default.removeItem(at: url)
    }
}

/// The outcome of one `repowatch-site` run against a fixture server.
struct BuiltSite: Sendable, CustomStringConvertible {
    let dir: TempDir
    let outputName: String
    let result: RunResult
    /// What the fixture server saw (empty when no server was used).
    let requests: [LoggedRequest]
    /// The fixture server's base URL ("http://127.0.0.1:PORT"), or "" without a server.
    let base: String

    var output: URL { dir.url.appendingPathComponent(outputName, isDirectory: true) }
    func url(_ relative: String) -> URL { output.appendingPathComponent(relative) }
    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: url(relative).path) }
    func read(_ relative: String) throws -> String { try String(contentsOf: url(relative), encoding: .utf8) }
    func page(_ relative: String) throws -> HTMLPage { try HTMLPage(contentsOf: url(relative)) }
    func snapshot() throws -> JSONValue { try JSONValue.decode(Data(contentsOf: url("data/snapshot.json"))) }

    /// Every file under the output folder, as paths relative to it.
    func files() -> [String] {
        guard
            let e = FileManager.default.enumerator(
                at: output, includingPropertiesForKeys: [.isRegularFileKey],
                options: [])
        else { return [] }
        let root = output.resolvingSymlinksInPath().path
        var out: [String] = []
        for case let file as URL in e {
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let full = file.resolvingSymlinksInPath().path
            out.append(full.hasPrefix(root + "/") ? String(full.dropFirst(root.count + 1)) : full)
        }
        return out.sorted()
    }

    func htmlFiles() -> [String] { files().filter { $0.hasSuffix(".html") } }

    /// The snapshot entry for a repository, by its name in site.yml.
    func snapshotRepo(_ configName: String) throws -> JSONValue? {
        try snapshot()["repos"]?.array?.first { $0["config_name"]?.string == configName }
    }

    /// REST API requests (not avatars, not GraphQL).
    var apiRequests: [LoggedRequest] { requests.filter { !$0.isAvatar && !$0.isGraphQL } }
    var avatarRequests: [LoggedRequest] { requests.filter(\.isAvatar) }

    var description: String {
        "\(result)\n--- requests ---\n" + requests.map(\.description).joined(separator: "\n")
            + "\n--- output (\(dir.url.path)) ---\n" + files().joined(separator: "\n")
    }
}

enum E2E {
    /// `build --config site.yml --output public --api-url BASE --jobs 4`.
    static func buildArguments(base: String) -> [String] {
        ["build", "--config", "site.yml", "--output", "public", "--api-url", base, "--jobs", "4"]
    }

    /// Writes `siteYAML` to a fresh directory, starts a fixture server with `routes` (none when
    /// nil), runs the binary, collects the server log and stops the server.
    static func build(
        _ label: String,
        site siteYAML: String,
        routes: [FixtureRoute]?,
        arguments: @Sendable (String) -> [String] = { E2E.buildArguments(base: $0) },
        environment: @Sendable (String) -> [String: String] = { _ in [:] },
        extraFiles: [String: String] = [:]
    ) async throws -> BuiltSite {
        let dir = try TempDir(label)
        try dir.write("site.yml", siteYAML)
        for (name, contents) in extraFiles { try dir.write(name, contents) }
        var server: FixtureServer?
        if let routes { server = try await FixtureServer.start(routes: routes) }
        defer { server?.stop() }
        let base = server?.base ?? "http://127.0.0.1:9"
        let env = BinaryRunner.environment(home: dir.url.appendingPathComponent("home"), environment(base))
        try FileManager.default.createDirectory(
            at: dir.url.appendingPathComponent("home"), withIntermediateDirectories: true)
        let result = try await BinaryRunner.run(arguments(base), in: dir.url, environment: env)
        let requests = try await server?.requests() ?? []
        return BuiltSite(dir: dir, outputName: "public", result: result, requests: requests, base: server?.base ?? "")
    }
}

/// Parsing helpers for the standalone widget documents.
extension HTMLPage {
    /// The widget roots (`data-widget`) of this page.
    var widgetRoots: [HTMLTag] { tags(where: "data-widget") }
}

/// Byte-exact comparison of two files.
func sameContents(_ a: URL, _ b: URL) -> Bool {
    guard let x = try? Data(contentsOf: a), let y = try? Data(contentsOf: b) else { return false }
    return x == y
}

/// Resolves a relative `src`/`href` against the page at `pagePath` (relative to the output root);
/// nil for absolute URLs, fragments and data: URIs.
func resolveRelative(_ reference: String, fromPage pagePath: String) -> String? {
    let ref = reference.trimmingCharacters(in: .whitespaces)
    if ref.isEmpty || ref.hasPrefix("#") || ref.hasPrefix("data:") || ref.hasPrefix("mailto:") { return nil }
    if ref.contains("://") || ref.hasPrefix("//") || ref.lowercased().hasPrefix("javascript:") { return nil }
    var path = String(ref.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
    path = String(path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0])
    path = path.removingPercentEncoding ?? path
    var parts = pagePath.split(separator: "/").map(String.init)
    parts.removeLast()  // the page's own file name
    if path.hasPrefix("/") { parts = [] }
    for piece in path.split(separator: "/", omittingEmptySubsequences: true) {
        if piece == "." { continue }
        if piece == ".." {
            if !parts.isEmpty { parts.removeLast() } else { return "../" + path }
            continue
        }
        parts.append(String(piece))
    }
    var joined = parts.joined(separator: "/")
    if path.hasSuffix("/") || path.isEmpty { joined += (joined.isEmpty ? "" : "/") + "index.html" }
    return joined
}
