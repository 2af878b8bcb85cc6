import Foundation
import Testing

@testable import RepoWatchSite

/// Hostile text through the built binary, under `GITHUB_ACTIONS=true` (plain, `--verbose`, `--json`):
/// each text goes into every source at once, tagged by source — a repository's description, its
/// release and language, a contributor's login, an owner's login and listed names, a rename's new
/// name, a repository document's own (invalid) `full_name`, an error GitHub answers with, the feed and history the published site holds (read back when
/// the cache lost them), and site.yml's keys and values — and what the build printed is read as the
/// runner reads it (a line ends at CR or LF). No line may be a workflow command the tool did not
/// write, no line may start with what a text holds after its line break (a log line of the text's
/// making), and no control character may reach the log as it came.
@Suite("End-to-end: hostile text never becomes a workflow command", .serialized, .timeLimit(.minutes(10)))
struct HostileTextEndToEndTests {
    enum Mode: String, CaseIterable, Sendable { case plain, verbose, json }

    /// Each one tries another way to start a line of its own, or to hide that it does.
    static let texts: [String] = [
        "\n::warning::LF", "\r::warning::CR", "\r\n::warning::CRLF", "::warning::PLAIN", "::error::ERR",
        "%0A::error::PCT", "\u{2028}::warning::LS", "\u{2029}::warning::PS", "\u{85}::warning::NEL",
        "\u{1B}[2K\u{1B}[1G::warning::ANSI", "\u{0}::warning::NUL", "x\n  ::warning::INDENT", "x\n##[error]OLD",
        String(repeating: "A", count: 100_000) + "\n::warning::LONG", "x\nerror: FORGED-LF",
        "x\r\nwarning: FORGED-CRLF", "x\rerror: FORGED-CR",
    ]

    struct Case: Sendable, CustomTestStringConvertible {
        let text: Int
        let mode: Mode
        var testDescription: String { "text \(text) \(mode)" }
    }

    static let cases = HostileTextEndToEndTests.texts.indices.flatMap { text in
        Mode.allCases.map { Case(text: text, mode: $0) }
    }

    /// `text` tagged with where it was put, so a leak names its source.
    static func tagged(_ text: String, _ source: String) -> String { "\(source)-\(text)" }

    /// A repository document in GitHub's shape.
    static func document(_ name: String, description: String) -> JSONValue {
        [
            "full_name": .string(name), "html_url": .string("https://github.com/\(name)"),
            "description": .string(description), "stargazers_count": 3, "forks_count": 1, "open_issues_count": 2,
            "has_issues": true, "archived": false, "pushed_at": "2026-11-01T00:00:00Z", "private": false,
            "owner": ["login": .string(String(name.split(separator: "/")[0])), "avatar_url": nil], "topics": [],
            "language": "Swift",
        ]
    }

    static func routes(_ text: String) -> [FixtureRoute] {
        let t = { tagged(text, $0) }
        let owner: JSONValue = [
            "login": .string(t("OWNER")), "type": "Organization", "avatar_url": nil,
            "html_url": "https://github.com/fixture-org",
        ]
        return [
            .get("/repos/octocat/Hello-World", .json(document("octocat/Hello-World", description: t("DESC")))),
            .get(
                "/repos/octocat/Hello-World/contributors",
                .json([["login": .string(t("LOGIN")), "contributions": 5, "type": "User", "avatar_url": nil]])),
            .get("/repos/acme/broken", .json(["message": .string(t("APIERROR"))], status: 422)),
            .get("/repos/acme/named", .json(document("acme/\(t("FULLNAME"))", description: "named"))),
            .get(
                "/repos/me/renamed",
                .json(["message": "Moved Permanently"], status: 301, headers: ["location": "/repositories/77"])),
            .get("/repositories/77", .json(document("other/\(t("RENAME"))", description: "renamed"))),
            .get("/users/fixture-org", .json(owner)),
            .get(
                "/orgs/fixture-org/repos", query: ["type": "public"],
                .json([document("fixture-org/\(t("LISTED"))", description: t("LISTDESC"))])),
            .post(
                "/graphql",
                FixtureResponse(graphql: [
                    "repos": [
                        "octocat/Hello-World": [
                            "issues": 1, "pulls": 1,
                            "release": ["tagName": .string(t("RELEASE")), "publishedAt": "2026-11-01T00:00:00Z"],
                        ]
                    ],
                    "cost": 1, "remaining": 4_999, "limit": 5_000,
                ])),
        ]
    }

    /// What the published site holds: read back because the cache has neither.
    static func published(_ text: String) -> [FixtureRoute] {
        let feed = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom"><title>\(xmlEscaped(tagged(text, "FEEDTITLE")))</title>
            <entry><id>\(xmlEscaped(tagged(text, "FEEDID")))</id><title>\(xmlEscaped(tagged(text, "FEEDENTRY")))</title>
            <updated>2026-11-20T00:00:00Z</updated></entry><entry><title>\(tagged(text, "FEEDBROKEN"))
            """
        let history: JSONValue = [
            "schema": 1, "fields": ["time", "stars", "forks", "open_issues", "contributors"],
            "repos": .object([tagged(text, "HISTORY"): [[1_700_000_000, 1, 1, 1, 1]]]),
        ]
        let encoded = (try? JSONEncoder().encode(history)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return [
            .get("/watch/feed.xml", .text(feed, status: 200, headers: ["content-type": "application/atom+xml"])),
            .get("/watch/data/history.json", .text(encoded, status: 200)),
        ]
    }

    static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }

    /// A YAML double-quoted scalar holding `text` exactly.
    static func yaml(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case " "..."~": out.unicodeScalars.append(scalar)
            default: out += String(format: "\\u%04X", scalar.value)
            }
        }
        return out + "\""
    }

    /// The network's sources (and site.yml's warnings: an unknown key, an unknown locale).
    static func fetchedSite(_ text: String, published: String) -> String {
        // YAML keeps a key within 1,024 characters: the long text's end is what counts there.
        let key = text.count > 1_000 ? String(text.suffix(200)) : text
        return """
            title: Hostile
            base_url: \(published)
            locale: \(yaml(tagged(text, "LOCALE")))
            \(yaml(tagged(key, "TOPKEY"))): 1
            repos:
              - octocat/Hello-World
              - acme/broken
              - acme/named
              - me/renamed
            owners:
              - owner: fixture-org
                \(yaml(tagged(key, "OWNERKEY"))): 2

            """
    }

    /// site.yml's errors, each naming what it holds.
    static func brokenSite(_ text: String) -> String {
        """
        title: \(yaml(tagged(text, "TITLE")))
        appearance: \(yaml(tagged(text, "APPEARANCE")))
        repos:
          - octocat/Hello-World
          - \(yaml(tagged(text, "REPONAME")))
        widgets:
          - kind: \(yaml(tagged(text, "KIND")))
            repo: octocat/Hello-World
          - kind: single
            id: \(yaml(tagged(text, "WIDGETID")))
            repo: \(yaml(tagged(text, "WIDGETREPO")))

        """
    }

    /// The lines the runner reads (it ends a line at CR or LF) that are workflow commands the tool did
    /// not write: a `::` line other than an annotation of its own, or an old `##[` command.
    static func unintendedCommands(in output: String) -> [String] {
        var found: [String] = []
        var line = ""
        func check() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("::"), !isOwnAnnotation(String(trimmed)) { found.append(String(trimmed.prefix(120))) }
            if line.contains("##[") { found.append(String(line.prefix(120))) }
            line = ""
        }
        for scalar in output.unicodeScalars {
            if scalar == "\n" || scalar == "\r" { check() } else { line.unicodeScalars.append(scalar) }
        }
        check()
        return found
    }

    /// `::warning file=site.yml,line=3,col=5::message`: the tool's own, whose message is escaped.
    static func isOwnAnnotation(_ line: String) -> Bool {
        line.wholeMatch(of: /::(error|warning|notice)( file=[^,:]+,line=\d+,col=\d+)?::.*/.dotMatchesNewlines()) != nil
    }

    /// Control characters that came through as they were (a tab and the line breaks excepted).
    static func rawControls(in output: String) -> [String] {
        output.unicodeScalars.filter { scalar in
            scalar != "\n" && scalar != "\t"
                && ((0...0x1F).contains(scalar.value) || (0x7F...0x9F).contains(scalar.value)
                    || [0x2028, 0x2029].contains(scalar.value))
        }.map { String(format: "U+%04X", $0.value) }
    }

    static func run(_ site: PrivateSite, _ server: FixtureServer, mode: Mode) async throws -> RunResult {
        var arguments = ["build", "--jobs", "2", "--retries", "1", "--api-url", server.base]
        if mode == .verbose { arguments.append("--verbose") }
        if mode == .json { arguments.append("--json") }
        let environment = BinaryRunner.environment(
            home: site.dir.url.appendingPathComponent("home"),
            [
                "GITHUB_TOKEN": site.token, "REPOWATCH_NOW": BinaryRunner.now, "GITHUB_ACTIONS": "true",
                "GITHUB_WORKSPACE": site.dir.url.path,
            ])
        return try await BinaryRunner.run(arguments, in: site.dir.url, environment: environment)
    }

    /// The lines (as the runner splits them) that start with what `text` holds after its last line
    /// break: a line the text made.
    static func forgedLines(in output: String, by text: String) -> [String] {
        guard let last = text.unicodeScalars.lastIndex(where: { $0 == "\n" || $0 == "\r" }) else { return [] }
        let tail = String(text.unicodeScalars[text.unicodeScalars.index(after: last)...])
            .drop { $0 == " " || $0 == "\t" }
        guard !tail.isEmpty else { return [] }
        return output.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
            .map { $0.drop { $0 == " " || $0 == "\t" } }
            .filter { $0.hasPrefix(tail) }.map { String($0.prefix(120)) }
    }

    static func check(_ result: RunResult, _ label: String, text: String) {
        let commands = unintendedCommands(in: result.stdout) + unintendedCommands(in: result.stderr)
        #expect(commands.isEmpty, "\(label): \(commands)\n\(result.description.prefix(6_000))")
        let forged = forgedLines(in: result.stdout, by: text) + forgedLines(in: result.stderr, by: text)
        #expect(forged.isEmpty, "\(label): lines of the text's making \(forged)\n\(result.description.prefix(6_000))")
        let controls = rawControls(in: result.stdout) + rawControls(in: result.stderr)
        #expect(controls.isEmpty, "\(label): raw \(Set(controls).sorted())\n\(result.description.prefix(6_000))")
    }

    @Test(arguments: cases)
    func fetchedTextStaysInert(_ matrix: Case) async throws {
        let text = Self.texts[matrix.text]
        let published = try await FixtureServer.start(routes: Self.published(text), host: "127.0.0.2")
        defer { published.stop() }
        let server = try await FixtureServer.start(routes: Self.routes(text))
        defer { server.stop() }
        let site = try PrivateSite(
            "hostile-fetched-\(matrix.text)-\(matrix.mode)",
            site: Self.fetchedSite(text, published: published.base + "/watch/"))
        defer { site.dir.remove() }
        let result = try await Self.run(site, server, mode: matrix.mode)
        // acme/broken has no data: exit 1, the rest of the site written.
        #expect(result.status == 1, "\(matrix.testDescription): \(result.description.prefix(4_000))")
        Self.check(result, "fetched \(matrix.testDescription)", text: text)
        // The texts did reach the log (made inert), or this case would prove nothing.
        for source in ["APIERROR", "OWNER", "TOPKEY", "OWNERKEY", "LOCALE", "FULLNAME"] {
            #expect(
                (result.stdout + result.stderr).contains("\(source)-"),
                "\(source) never printed: \(result.description.prefix(4_000))")
        }
    }

    @Test(arguments: cases)
    func siteFileTextStaysInert(_ matrix: Case) async throws {
        let text = Self.texts[matrix.text]
        let server = try await FixtureServer.start(routes: Self.routes(text))
        defer { server.stop() }
        let site = try PrivateSite("hostile-site-\(matrix.text)-\(matrix.mode)", site: Self.brokenSite(text))
        defer { site.dir.remove() }
        let result = try await Self.run(site, server, mode: matrix.mode)
        #expect(result.status == 2, "\(matrix.testDescription): \(result.description.prefix(4_000))")
        Self.check(result, "site.yml \(matrix.testDescription)", text: text)
        #expect((result.stdout + result.stderr).contains("APPEARANCE-"), "\(result.description.prefix(4_000))")
    }
}
