import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSources
@testable import RepoWatchSupport

/// "Only its own code runs" (issue 25): the policy of each kind of page, where it goes in a page,
/// what the templates hold that it would block, and what site.yml may add.
@Suite struct ContentPolicyTests {
    static let now = ISO8601.parse("2026-11-22T12:00:00Z")!

    @Test func theGalleryAllowsOnlyTheSitesOwnFilesAndDataImages() {
        #expect(
            ContentSecurityPolicy().text(for: .gallery)
                == "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                + "connect-src 'self'; base-uri 'self'; form-action 'self'")
    }

    @Test(arguments: PageKind.allCases)
    func onlyTheSearchPageMayCompileWebAssembly(kind: PageKind) {
        let text = ContentSecurityPolicy().text(for: kind)
        #expect(text.contains("'wasm-unsafe-eval'") == (kind == .search), "\(kind)")
        #expect(!text.contains("'unsafe-inline'") && !text.contains("'unsafe-eval'"), "\(kind)")
    }

    @Test func siteAdditionsAndStyleHashesJoinTheirDirectives() {
        var additions = PolicyAdditions()
        #expect(additions.add("https://plausible.io", to: .scriptSrc) == nil)
        #expect(additions.add("https://plausible.io", to: .connectSrc) == nil)
        #expect(additions.add("https://fonts.example.com", to: .fontSrc) == nil)
        let text = ContentSecurityPolicy(styleHashes: ["'sha256-abc='"], additions: additions).text(for: .repository)
        #expect(text.contains("script-src 'self' https://plausible.io;"))
        #expect(text.contains("style-src 'self' 'sha256-abc=';"))
        #expect(text.contains("connect-src 'self' https://plausible.io;"))
        #expect(text.contains("font-src https://fonts.example.com;"))
        #expect(!text.contains("media-src") && !text.contains("frame-src"))
    }

    @Test func theMetaGoesFirstInTheHeadAfterTheCharset() {
        let policy = ContentSecurityPolicy()
        let meta = policy.meta(for: .gallery)
        let page = "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>x</title>"
        #expect(
            policy.stamp(page, kind: .gallery)
                == "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\(meta)\n<title>x</title>")
        let noCharset = "<html><HEAD class=\"h\"><title>x</title><header>h</header>"
        #expect(
            policy.stamp(noCharset, kind: .widget)
                == "<html><HEAD class=\"h\">\n\(meta)<title>x</title><header>h</header>")
        // A <header> is no <head>; a page without a head is left alone.
        #expect(policy.stamp("<html><header>x</header>", kind: .gallery) == "<html><header>x</header>")
    }

    @Test func theBuiltInTemplatesHoldNothingThePolicyBlocks() throws {
        let templates = try TemplateSet.load(siteDirectory: nil)
        #expect(templates.policyWarnings.isEmpty, "\(templates.policyWarnings)")
        // The 404 page's inline <style>, which must work at any depth, is allowed by its hash.
        #expect(templates.policy.styleHashes.count == 1)
        let config = try ConfigLoader(file: "site.yml").parse("repos: [apple/swift]\n").config
        let files = try SiteRenderer(config: config, templates: templates, options: RenderOptions())
            .render(Snapshot(generatedAt: Self.now, nextUpdate: Self.now, sample: true, repos: []))
        let notFound = String(decoding: try #require(files["404.html"]), as: UTF8.self)
        let style = try #require(notFound.range(of: "<style>")?.upperBound)
        let body = String(notFound[style..<notFound.range(of: "</style>")!.lowerBound])
        #expect(templates.policy.styleHashes == [ContentSecurityPolicy.hashSource(of: body)])
        #expect(notFound.contains(ContentSecurityPolicy.hashSource(of: body)))
    }

    @Test func everyPageCarriesItsPolicyBeforeAnythingLoadsAndNoInlineCodeOrStyle() async throws {
        let config = try ConfigLoader(file: "site.yml").parse(
            """
            accent: "#FF9500"
            rendering: accented
            repos: [apple/swift, twbs/bootstrap]
            widgets:
              - { kind: single, repo: apple/swift }
              - { kind: double, top: apple/swift, bottom: twbs/bootstrap, accent: "#5E5CE6" }
            """
        ).config
        let gathered = try await SampleSource(now: Self.now).gather(config)
        let snapshot = Snapshot(generatedAt: Self.now, nextUpdate: Self.now, sample: true, repos: gathered.repos)
        let renderer = SiteRenderer(
            config: gathered.config, templates: try TemplateSet.load(siteDirectory: nil),
            options: try RenderOptions(), data: RenderData(avatars: gathered.avatars))
        let files = try renderer.render(snapshot)
        let pages = files.filter { $0.key.hasSuffix(".html") }
        // The gallery, 404, a page and two standalone widgets per repository, the double widget's page and
        // document, the insights page.
        #expect(pages.count == 11)
        #expect(pages["insights/index.html"] != nil)
        for (path, data) in pages {
            let html = String(decoding: data, as: UTF8.self)
            let meta = html.components(separatedBy: "http-equiv=\"Content-Security-Policy\"")
            #expect(meta.count == 2, "\(path): one policy")
            let first = ["<style", "<link", "<script", "<img"].compactMap { html.range(of: $0)?.lowerBound }.min()
            #expect(first.map { html.range(of: "Content-Security-Policy")!.lowerBound < $0 } ?? true, "\(path)")
            let tags = HTMLPage(html).tags
            #expect(!tags.contains { $0["style"] != nil }, "\(path): an inline style attribute")
            #expect(!tags.contains { $0.name == "script" && $0["src"] == nil }, "\(path): an inline script")
            #expect(!tags.contains { $0.attributes.keys.contains { $0.hasPrefix("on") } }, "\(path): a handler")
        }
        let css = String(decoding: try #require(files["assets/style.css"]), as: UTF8.self)
        #expect(css.contains(".rw-accent-ff9500 {") && css.contains(".rw-accent-5e5ce6 {"))
        let index = String(decoding: try #require(files["index.html"]), as: UTF8.self)
        #expect(index.contains("rw--accented rw-accent-5e5ce6\" data-widget=\"double\""))
    }

    @Test func theAuditNamesWhatThePolicyBlocksAtItsLineAndColumn() {
        var audit = TemplateAudit()
        audit.scan(
            """
            <script src="{{root}}assets/app.js"></script>
            <script type="application/ld+json">{"@type": "WebSite"}</script>
              <script>track()</script>
            <p style="color: red" onclick="go()"><a href="javascript:go()">x</a></p>
            <style>p { color: {{colour}}; }</style>
            <style>.ok { color: red; }</style>
            """, file: "Templates/layout.mustache")
        let expected = [
            "3:3 an inline <script> does not run", "4:1 a style=\"…\" attribute is ignored",
            "4:23 an inline event handler (onclick=)", "4:40 a javascript: URL", "5:1 this <style> holds Mustache",
        ]
        let found = audit.warnings.map { "\($0.line):\($0.column) \($0.message)" }
        #expect(found.count == expected.count && zip(found, expected).allSatisfy { $0.hasPrefix($1) }, "\(found)")
        #expect(audit.warnings.allSatisfy { $0.file == "Templates/layout.mustache" && $0.severity == .warning })
        #expect(audit.styleHashes == [ContentSecurityPolicy.hashSource(of: ".ok { color: red; }")])
    }

    @Test(arguments: [
        ("https://plausible.io", PolicyAdditions.Directive.scriptSrc, true),
        ("https://*.example.com:8443/js/", .scriptSrc, true),
        ("https:", .imgSrc, true),
        ("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='", .scriptSrc, true),
        ("data:", .fontSrc, true),
        ("wss://live.example.com", .connectSrc, true),
        ("'unsafe-inline'", .scriptSrc, false),
        ("'unsafe-eval'", .scriptSrc, false),
        ("'unsafe-inline'", .styleSrc, false),
        ("data:", .scriptSrc, false),
        ("'sha256-abc='", .imgSrc, false),
        ("*", .imgSrc, false),
        ("plausible.io", .scriptSrc, false),
        ("javascript:alert(1)", .scriptSrc, false),
        ("https://a.example;script-src *", .scriptSrc, false),
        ("https://a.example/\"><script>", .scriptSrc, false),
        ("https://a..example", .scriptSrc, false),
    ])
    func sourcesThatCannotRunAnInjectedStringAreAccepted(source: String, directive: PolicyAdditions.Directive, ok: Bool)
    {
        #expect((PolicyAdditions.problem(with: source, in: directive) == nil) == ok, "\(source) in \(directive)")
    }

    @Test func cspInSiteYmlIsReadWithItsPositions() throws {
        let loaded = try parse(
            """
            repos: [a/b]
            csp:
              script-src: [https://plausible.io]
              connect-src: https://plausible.io
              scripts: [https://x.example]
            """)
        #expect(loaded.config.policyAdditions[.scriptSrc] == ["https://plausible.io"])
        #expect(loaded.config.policyAdditions[.connectSrc] == ["https://plausible.io"])
        #expect(
            loaded.warnings.map(\.description).first?.hasPrefix(
                "site.yml:5:3: warning: unknown `csp` directive 'scripts'") == true)
        let bad = errors("repos: [a/b]\ncsp:\n  script-src: [https://ok.example, \"'unsafe-inline'\"]\n")
        #expect(bad.map { "\($0.line):\($0.column)" } == ["3:36"], "\(bad)")
        #expect(bad.first?.message.contains("'unsafe-inline' is not accepted in `script-src`") == true)
        #expect(errors("repos: [a/b]\ncsp: [https://x.example]\n").first?.line == 2)
        #expect(try parse("repos: [a/b]\n").config.policyAdditions.isEmpty)
    }
}
