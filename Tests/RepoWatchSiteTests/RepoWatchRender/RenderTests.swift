import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSite
@testable import RepoWatchSources
@testable import RepoWatchSupport

@Suite struct FormattingTests {
    @Test func groupsThousands() {
        #expect(Formatting.grouped(0) == "0")
        #expect(Formatting.grouped(999) == "999")
        #expect(Formatting.grouped(1000) == "1,000")
        #expect(Formatting.grouped(171_281) == "171,281")
        #expect(Formatting.grouped(2_147_483_647) == "2,147,483,647")
        #expect(Formatting.grouped(-1234) == "-1,234")
    }

    @Test func daysAreWholeAndNeverNegative() {
        let now = ISO8601.parse("2026-11-22T12:00:00Z")!
        #expect(Snapshot.daysSince(ISO8601.parse("2025-01-30T15:22:31Z")!, now: now) == 660)
        #expect(Snapshot.daysSince(ISO8601.parse("2026-11-21T12:00:01Z")!, now: now) == 0)
        #expect(Snapshot.daysSince(ISO8601.parse("2026-11-21T12:00:00Z")!, now: now) == 1)
        #expect(Snapshot.daysSince(ISO8601.parse("2026-11-23T00:00:00Z")!, now: now) == 0)
        #expect(Formatting.daysCaption(0) == "today")
        #expect(Formatting.daysCaption(1) == "day ago")
        #expect(Formatting.daysCaption(2) == "days ago")
    }

    @Test func datesAreUTCAndLocaleIndependent() {
        let date = ISO8601.parse("2026-11-21T09:05:00Z")!
        #expect(Formatting.day(date) == "21 Nov 2026")
        #expect(Formatting.dayAndTime(date) == "21 Nov 2026, 09:05 UTC")
    }

    @Test func sha256KnownAnswers() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let long = String(repeating: "a", count: 1000)
        #expect(SHA256.hex(long) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test func markdownOmitsRawHTMLAndUnsafeLinks() {
        let html = Markdown.html("Hi *there* <script>alert(1)</script> [x](javascript:alert(1)) [ok](https://a.b)")
        #expect(html.contains("<em>there</em>"))
        #expect(!html.contains("<script>"))
        #expect(!html.contains("javascript:"))
        #expect(html.contains("href=\"https://a.b\""))
    }
}

@Suite struct RepoCardTests {
    let now = ISO8601.parse("2026-11-22T12:00:00Z")!

    func repo(hasIssues: Bool = true, days: Int = 3) -> RepoSnapshot {
        RepoSnapshot(
            configName: "twbs/bootstrap", fullName: "twbs/bootstrap", htmlURL: "https://github.com/twbs/bootstrap",
            description: "d", stars: 171_281, forks: 79_000, openIssues: 400, hasIssues: hasIssues, archived: false,
            pushedAt: now, daysSincePush: days, ownerAvatar: "avatars/a.png",
            contributors: [RepoWatchModel.Contributor(login: "mdo", contributions: 7000, avatar: "avatars/b.png")],
            fetchedAt: now)
    }

    @Test func statsCarryRawValuesAndGroupedDisplays() throws {
        let context = RepoCard(repo(), sample: false)
        let stars = try #require(context.stars)
        #expect(stars.value == 171_281)
        #expect(stars.display == "171,281")
        #expect(stars.label == "171,281 stars")
        #expect(context.state == .fresh)
        #expect(context.issues != nil)
        #expect(context.page == "repos/twbs/bootstrap/")
    }

    @Test func issuesHiddenWhenDisabledAndDaysTurnHotAbove50() throws {
        let context = RepoCard(repo(hasIssues: false, days: 51), sample: false)
        #expect(context.issues == nil)
        #expect(context.days?.hot == true)
        let fifty = RepoCard(repo(days: 50), sample: false)
        #expect(fifty.days?.hot == false)
    }

    @Test func statesAndUnsafeLinks() {
        var stale = repo()
        stale.stale = true
        #expect(RepoCard(stale, sample: false).state == .stale)
        #expect(RepoCard(stale, sample: false).asOfDisplay == "22 Nov 2026")
        #expect(RepoCard(repo(), sample: true).state == .sample)
        let missing = RepoCard(.unavailable(RepoName(owner: "a", name: "b"), reason: "gone"), sample: false)
        #expect(missing.state == .unavailable)
        #expect(missing.stars == nil)
        #expect(missing.error == "Gone")
        var hostile = repo()
        hostile.htmlURL = "javascript:alert(1)"
        #expect(RepoCard(hostile, sample: false).htmlURL == nil)
    }

    @Test func noContributorsGetsAQuietNote() {
        var empty = repo()
        empty.contributors = []
        let context = RepoCard(empty, sample: false)
        #expect(context.hasContributors == false)
        #expect(context.contributorsNote == "No contributors yet")
    }
}

@Suite struct SiteRendererTests {
    let now = ISO8601.parse("2026-11-22T12:00:00Z")!

    func render(_ yaml: String, repos: [RepoSnapshot]? = nil) throws -> [String: Data] {
        let config = try ConfigLoader(file: "site.yml").parse(yaml).config
        let snapshots = repos ?? config.repos.map { SampleData.snapshot(for: $0, now: now) }
        let snapshot = Snapshot(generatedAt: now, nextUpdate: now, sample: repos == nil, repos: snapshots)
        return try SiteRenderer(
            config: config, templates: TemplateSet.load(siteDirectory: nil),
            options: RenderOptions()
        )
        .render(snapshot)
    }

    @Test func writesEveryPathOfTheOutputContract() throws {
        let files = try render(
            "base_url: https://me.github.io/watch/\nrepos: [apple/swift, kudoleh/iOS-Clean-Architecture-MVVM]\nwidgets:\n  - kind: double\n    id: pair\n  - kind: single\n"
        )
        for path in [
            "index.html", "404.html", ".nojekyll", "assets/style.css", "sitemap.xml",
            "repos/apple/swift/index.html", "repos/apple/swift/medium.html", "repos/apple/swift/large.html",
            "repos/kudoleh/ios-clean-architecture-mvvm/large.html", "widgets/pair/large.html",
        ] {
            #expect(files[path] != nil, "missing \(path)")
        }
        let sitemap = String(decoding: files["sitemap.xml"]!, as: UTF8.self)
        #expect(sitemap.contains("<loc>https://me.github.io/watch/repos/apple/swift/</loc>"))
        let index = String(decoding: files["index.html"]!, as: UTF8.self)
        #expect(index.contains("data-widget=\"double\""))
        #expect(!index.contains("href=\"/"), "links must be relative")
    }

    @Test func paginatesPastSixtyWidgets() throws {
        let names = (1...40).map { "  - owner/repo\($0)" }.joined(separator: "\n")
        let files = try render("repos:\n\(names)\n")
        #expect(files["page/2/index.html"] != nil)
        #expect(files["page/3/index.html"] == nil)
        let second = String(decoding: files["page/2/index.html"]!, as: UTF8.self)
        #expect(second.components(separatedBy: "data-widget=").count - 1 == 20)
    }

    @Test func hostileStringsAreEscaped() throws {
        let hostile = RepoSnapshot(
            configName: "a/b", fullName: "a/b", htmlURL: "javascript:alert(1)",
            description: "<script>alert(\"x\")</script>", stars: 1, forks: 1, openIssues: 1, hasIssues: true,
            archived: false, pushedAt: now, daysSincePush: 1, ownerAvatar: "avatars/x.png",
            contributors: [
                RepoWatchModel.Contributor(
                    login: "\"><img src=x onerror=alert(1)>", contributions: 3, avatar: "avatars/y.png")
            ],
            fetchedAt: now)
        let files = try render("repos: [a/b]\n", repos: [hostile])
        for (path, data) in files where path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            #expect(!html.contains("<script>alert"), "\(path)")
            #expect(!html.contains("<img src=x"), "\(path)")
            #expect(!html.contains("javascript:"), "\(path)")
        }
    }

    @Test func everyBuiltInTemplateParses() throws {
        let templates = try TemplateSet.load(siteDirectory: nil)
        #expect(templates.assets["style.css"] != nil)
        #expect(templates.overridden.isEmpty)
    }

    @Test func siteTemplatesOverrideFileByFileAndReportSyntaxErrors() throws {
        let site = try temporaryDirectory()
        let folder = site.appendingPathComponent("Templates")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "CUSTOM 404".write(to: folder.appendingPathComponent("404.mustache"), atomically: true, encoding: .utf8)
        let templates = try TemplateSet.load(siteDirectory: site)
        #expect(templates.render("404", [:]) == "CUSTOM 404")
        #expect(templates.overridden == ["404.mustache"])

        try "line one\n{{#open}} never closed".write(
            to: folder.appendingPathComponent("card.mustache"), atomically: true, encoding: .utf8)
        do {
            _ = try TemplateSet.load(siteDirectory: site)
            Issue.record("expected a syntax error")
        } catch let error as DiagnosticsError {
            #expect(error.diagnostics.first?.file == "Templates/card.mustache")
            #expect(error.diagnostics.first?.line == 2)
        }
    }
}

@Suite struct SampleDataTests {
    @Test func deterministicAndPlausible() {
        let now = ISO8601.parse("2026-11-22T12:00:00Z")!
        let name = RepoName(owner: "apple", name: "swift")
        let first = SampleData.snapshot(for: name, now: now)
        #expect(first == SampleData.snapshot(for: name, now: now))
        #expect(first != SampleData.snapshot(for: RepoName(owner: "apple", name: "swift-nio"), now: now))
        #expect((first.stars ?? 0) > 0)
        #expect(first.contributors.count <= 4)
        #expect(first.contributors.map(\.contributions) == first.contributors.map(\.contributions).sorted(by: >))
    }
}
