import Foundation
import Testing

/// `locale:` through the binary: unknown tags warn with their site.yml position, bad tables fail `check`.
@Suite("End-to-end: locale in site.yml and string tables", .timeLimit(.minutes(10)))
struct LocaleConfigEndToEndTests {
    func run(_ arguments: [String], in dir: TempDir) async throws -> RunResult {
        let home = dir.url.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return try await BinaryRunner.run(arguments, in: dir.url, environment: BinaryRunner.environment(home: home))
    }

    @Test("an unknown locale is a warning naming site.yml:LINE:COL; the build still succeeds")
    func unknownLocaleWarns() async throws {
        let dir = try TempDir("locale-unknown")
        defer { dir.remove() }
        try dir.write("site.yml", "title: T\nlocale: tlh\nrepos: [a/b]\n")
        let check = try await run(["check"], in: dir)
        #expect(check.status == 0, "\(check)")
        #expect((check.stdout + check.stderr).contains("site.yml:2:9: warning: unknown locale 'tlh'"), "\(check)")
        let build = try await run(["build", "--sample"], in: dir)
        #expect(build.status == 0, "\(build)")
        #expect(build.stderr.contains("site.yml:2:9: warning: unknown locale 'tlh'; English is used"), "\(build)")
    }

    @Test("locale: ko gives a Korean site, HTML and SVG; a widget's own locale: ar is Arabic, right to left")
    func koreanSite() async throws {
        let dir = try TempDir("locale-ko")
        defer { dir.remove() }
        try dir.write(
            "site.yml",
            "locale: ko\nrepos: [apple/swift, a/b]\nwidgets:\n  - repo: apple/swift\n  - repo: a/b\n    locale: ar\n")
        let build = try await run(["build", "--sample"], in: dir)
        #expect(build.status == 0, "\(build)")
        func read(_ path: String) throws -> String {
            try String(contentsOf: dir.url.appendingPathComponent("public/\(path)"), encoding: .utf8)
        }
        let index = try read("index.html")
        #expect(index.contains("<html lang=\"ko\" data-appearance"))
        #expect(index.contains("주요 기여자") && index.contains("일 전") && !index.contains("Top Contributors"))
        #expect(index.contains("lang=\"ar\" dir=\"rtl\"") && index.contains("أبرز المساهمين"))
        #expect(try read("404.html").contains("이 페이지는 없습니다"))
        #expect(try read("repos/apple/swift/large.svg").contains(">주요 기여자</text>"))
        #expect(try read("repos/a/b/large.html").contains("<html lang=\"ar\" dir=\"rtl\""))
    }

    @Test("a shipped locale and a site's own table for another pass check; a broken table fails it, exit 2")
    func siteTables() async throws {
        let dir = try TempDir("locale-tables")
        defer { dir.remove() }
        try dir.write("site.yml", "locale: it\nrepos: [a/b]\nwidgets:\n  - repo: a/b\n    locale: ko\n")
        try dir.write("Templates/locales/it.json", #"{"top_contributors": "Migliori contributori"}"#)
        let good = try await run(["check"], in: dir)
        #expect(good.status == 0, "\(good)")
        #expect(!(good.stdout + good.stderr).contains("warning"), "\(good)")

        try dir.write("Templates/locales/it.json", #"{"days_caption": {"uno": "giorno fa"}}"#)
        let bad = try await run(["check"], in: dir)
        #expect(bad.status == 2, "\(bad)")
        #expect(bad.stderr.contains("Templates/locales/it.json:1:1: error: 'days_caption' has 'uno'"), "\(bad)")
    }
}
