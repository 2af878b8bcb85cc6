import Foundation
import Testing

/// `locale: ko` through the binary: no English word is left in what a reader sees or hears, and a
/// build without `base_url` says once that embed snippets will be relative.
@Suite("End-to-end: a Korean site has no English left; relative embeds are said once", .timeLimit(.minutes(10)))
struct KoreanSiteEndToEndTests {
    static let yaml = """
        title: 저장소 관찰
        description: 내가 지켜보는 **저장소**들.
        locale: ko
        repos: [sallen0400/swift-news, apple/swift, kudoleh/iOS-Clean-Architecture-MVVM]
        widgets:
          - repo: apple/swift
            note: "고정된 위젯"
          - repo: sallen0400/swift-news
          - repo: kudoleh/iOS-Clean-Architecture-MVVM
            numbers: compact
          - kind: double
            top: apple/swift
            bottom: kudoleh/iOS-Clean-Architecture-MVVM

        """

    /// Words that are not English prose: names of formats the snippets are written in, the time zone,
    /// and the company whose data it is. Repository names, logins, languages and tags come from the data.
    static let properNouns: Set<String> = [
        "GitHub", "RepoWatcher", "Atom", "API", "HTML", "SVG", "Markdown", "README", "iframe", "UTC",
        // shields.io's badge service and the format of its endpoint file (the badges' snippets).
        "shields", "io", "JSON", "CSV",
    ]

    func build(_ dir: TempDir, _ extra: [String] = []) async throws -> RunResult {
        let home = dir.url.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return try await BinaryRunner.run(
            ["build", "--sample"] + extra, in: dir.url, environment: BinaryRunner.environment(home: home))
    }

    @Test("a locale: ko sample site: no English word in visible text, alt, title or aria-label, HTML or SVG")
    func noEnglishLeft() async throws {
        let dir = try TempDir("ko-words")
        defer { dir.remove() }
        try dir.write("site.yml", Self.yaml)
        let result = try await build(dir)
        #expect(result.status == 0, "\(result)")
        let site = dir.url.appendingPathComponent("public")
        let allowed = try Self.allowedWords(site)
        var english: [String: Set<String>] = [:]
        var scanned = 0
        for path in try Self.files(in: site) {
            let text = try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
            let readable = path.hasSuffix(".svg") ? Self.svgText(text) : Self.htmlText(text)
            scanned += 1
            for word in Self.words(readable) where !allowed.contains(word) {
                // The SVG shortens a name that does not fit to its beginning and "…" ("technow…").
                let cut = readable.contains(word + "\u{2026}") && allowed.contains { $0.hasPrefix(word) }
                if !cut { english[path, default: []].insert(word) }
            }
        }
        #expect(scanned > 10, "only \(scanned) files were read")
        #expect(english.isEmpty, "English in a Korean site: \(english.sorted { $0.key < $1.key })")
        // The snippets are code, but their alt text and iframe title are read out where they are pasted.
        let page = try String(contentsOf: site.appendingPathComponent("repos/apple/swift/index.html"), encoding: .utf8)
        #expect(page.contains("alt=&quot;RepoWatcher의 apple/swift&quot;") && !page.contains(" on RepoWatcher"))
        #expect(page.contains("apple/swift의 샘플 데이터입니다."))
    }

    @Test("without base_url a build warns once, in one line; a --sample build or --base-url does not")
    func relativeEmbedsWarnOnce() async throws {
        let dir = try TempDir("ko-base")
        defer { dir.remove() }
        try dir.write("site.yml", Self.yaml)
        // Offline with an empty cache: no data (exit 1), but the configuration is read and judged.
        let relative = try await BinaryRunner.run(
            ["build", "--offline"], in: dir.url, environment: BinaryRunner.environment(home: dir.url))
        let warnings = relative.stderr.components(separatedBy: "warning: site.yml has no base_url").count - 1
        #expect(warnings == 1, "\(relative)")
        let warning = try #require(relative.stderr.split(separator: "\n").first { $0.contains("has no base_url") })
        #expect(
            warning
                == "warning: site.yml has no base_url; set it to the site's address for embeds that work where pasted, "
                + "link previews and a sitemap", "\(relative)")
        let sample = try await build(dir)
        #expect(sample.status == 0 && !sample.stderr.contains("base_url"), "\(sample)")
        let absolute = try await build(dir, ["--base-url", "https://me.github.io/watch/"])
        #expect(absolute.status == 0 && !absolute.stderr.contains("base_url"), "\(absolute)")
        let page = try String(
            contentsOf: dir.url.appendingPathComponent("public/repos/apple/swift/index.html"), encoding: .utf8)
        #expect(page.contains("(https://me.github.io/watch/repos/apple/swift/medium.svg)"))
    }

    static func files(in site: URL) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: site.path)
        var paths: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if (path.hasSuffix(".html") || path.hasSuffix(".svg")) && !path.hasPrefix("avatars/") { paths.append(path) }
        }
        return paths.sorted()
    }

    /// Runs of two or more Latin letters, with the tool's name and its flag (in the sample banner) left out.
    static func words(_ text: String) -> [String] {
        let cleaned = text.replacingOccurrences(of: "repowatch-site", with: " ")
            .replacingOccurrences(of: "--sample", with: " ")
        return cleaned.split(whereSeparator: { !($0.isASCII && $0.isLetter) }).map(String.init).filter { $0.count > 1 }
    }

    /// The names the site shows as they are: repositories, logins, languages and tags (snapshot.json).
    static func allowedWords(_ site: URL) throws -> Set<String> {
        let data = try Data(contentsOf: site.appendingPathComponent("data/snapshot.json"))
        let snapshot = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var names: [String] = []
        for case let repo as [String: Any] in snapshot["repos"] as? [Any] ?? [] {
            names.append(repo["full_name"] as? String ?? "")
            names += (repo["contributors"] as? [[String: Any]] ?? []).compactMap { $0["login"] as? String }
            names.append((repo["language"] as? [String: Any])?["name"] as? String ?? "")
            names.append((repo["release"] as? [String: Any])?["tag"] as? String ?? "")
        }
        #expect(names.contains("apple/swift"))
        return properNouns.union(names.flatMap(words))
    }

    /// What a reader sees or hears on a page: its text outside code, and alt, title and aria-label.
    static func htmlText(_ source: String) -> String {
        // Snippets and element names are code, not prose (the snippets' alt text is checked on its own).
        let withoutCode = source.replacing(#/<(pre|code)[^>]*>.*?</\1>/#.dotMatchesNewlines(), with: " ")
        let page = HTMLPage(withoutCode)
        let attributes = page.tags.flatMap { tag in ["alt", "title", "aria-label"].compactMap { tag[$0] } }
        return ([page.visibleText] + attributes).joined(separator: " ")
    }

    static func svgText(_ source: String) -> String {
        let texts = source.matches(of: #/<(?:text|title)[^>]*>([^<]*)</#).map { String($0.1) }
        return HTMLPage.decodeEntities(texts.joined(separator: " "))
    }
}
