import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSite
@testable import RepoWatchSources
@testable import RepoWatchSupport

@Suite("SVG widgets and embed snippets")
struct SVGWidgetTests {
    /// The specimen gallery (every state, look and hostile string), with its avatars to inline.
    static func specimen(baseURL: URL? = nil) async throws -> [String: Data] {
        var config = try ConfigLoader(file: "site.yml").parse(SpecimenSite.yaml).config
        config.baseURL = baseURL
        let avatars = AvatarStore(client: nil)
        let repos = await SpecimenSite.snapshots(avatars: avatars)
        let snapshot = Snapshot(
            generatedAt: SpecimenSite.now, nextUpdate: SpecimenSite.now + 3600, sample: false, repos: repos)
        let renderer = SiteRenderer(
            config: config, templates: try TemplateSet.load(siteDirectory: nil), options: try RenderOptions(),
            data: RenderData(
                history: SpecimenSite.history(before: snapshot, repos: config.repos),
                avatars: AvatarFiles(await avatars.allFiles())))
        return try renderer.render(snapshot)
    }

    @Test("every widget has a light and a dark SVG: well-formed, self-contained, no script, under 100 KB")
    func everySVGIsSafe() async throws {
        let files = try await Self.specimen()
        var expected: [String] = []
        for repo in SpecimenSite.repos {
            for name in ["medium", "medium-dark", "large", "large-dark"] {
                expected.append("repos/\(repo.pathComponent)/\(name).svg")
            }
        }
        expected += ["widgets/pair-auto-full-color/large.svg", "widgets/pair-auto-full-color/large-dark.svg"]
        for path in expected { #expect(files[path] != nil, "\(path) missing") }
        // Badges are checked in DashboardRenderTests, history charts in ChartImageTests.
        let svgs = files.filter {
            $0.key.hasSuffix(".svg") && !$0.key.hasPrefix("avatars/") && !$0.key.contains("/badges/")
                && !$0.key.contains("/history")
        }
        #expect(svgs.count == SpecimenSite.repos.count * 4 + SpecimenSite.looks.count * 2)
        for (path, data) in svgs {
            let audit = SVGAudit(data)
            #expect(audit.problems.isEmpty, "\(path): \(audit)")
            // A hostile string shows as inert text: its markup is still there, as characters.
            let hostile = audit.texts.filter { $0.contains("__pwned") }
            #expect(hostile.allSatisfy { $0.contains("<script>") || $0.contains("<img") }, "\(path): \(hostile)")
        }
    }

    @Test("an SVG shows the widget's text: name, grouped counts, days caption, contributors, state tags")
    func sameText() async throws {
        let files = try await Self.specimen()
        let large = SVGAudit(files["repos/apple/swift/large.svg"]!)
        for text in ["swift", "171,281", "78,987", "673", "3", "days ago", "Top Contributors", "DougGregor", "8,513"] {
            #expect(large.shows(text), "\(text) not in \(large.texts)")
        }
        #expect(large.imageCount == 5)
        #expect(large.texts.contains("+281"))
        #expect(SVGAudit(files["repos/edge/three-friends/medium.svg"]!).texts.contains("\u{2212}97"))
        #expect(SVGAudit(files["repos/hostile/xss/medium-dark.svg"]!).texts.contains("\u{00B1}0"))
        #expect(large.rootAttributes["data-state"] == "fresh" && large.rootAttributes["width"] == "329")
        #expect(large.rootAttributes["height"] == "345")
        let stale = SVGAudit(files["repos/twbs/bootstrap/medium.svg"]!)
        #expect(stale.shows("as of 20 Nov 2026") && stale.texts.contains("660"), "\(stale.texts)")
        let gone = SVGAudit(files["repos/gone/away/large.svg"]!)
        #expect(gone.texts.contains("Unavailable") && gone.texts.contains("Contributors unavailable"))
        #expect(gone.readableText.contains("the repository was deleted"))
        let hostile = SVGAudit(files["repos/hostile/xss/large.svg"]!)
        #expect(hostile.shows(SpecimenSite.hostileImage), "\(hostile.texts)")
        let raw = String(decoding: files["repos/hostile/xss/large.svg"]!, as: UTF8.self)
        #expect(!raw.contains("<img") && !raw.contains("<script"))
        let unknowns = SVGAudit(files["repos/edge/unknowns/large.svg"]!)
        #expect(unknowns.texts.contains("no pushes") && unknowns.texts.contains("no-avatar"))
    }

    @Test("light and dark SVGs use the stylesheet's palettes")
    func colours() async throws {
        let files = try await Self.specimen()
        let light = String(decoding: files["repos/apple/swift/medium.svg"]!, as: UTF8.self)
        let dark = String(decoding: files["repos/apple/swift/medium-dark.svg"]!, as: UTF8.self)
        #expect(light.contains("fill=\"#fff\"") && light.contains("#1a7f37"))
        #expect(dark.contains("fill=\"#1c1c1e\"") && dark.contains("#30d158"))
        let hot = String(decoding: files["repos/twbs/bootstrap/medium.svg"]!, as: UTF8.self)
        #expect(hot.contains("#d1155c"))
    }

    @Test("avatars too big to inline become placeholders, so a widget stays under 100 KB")
    func bigAvatars() {
        let huge = Data([0x89, 0x50, 0x4E, 0x47] + [UInt8](repeating: 7, count: 60_000))
        let avatars = AvatarDataURIs(images: [
            "avatars/big.png": huge, "avatars/small.png": Data([0x89, 0x50, 0x4E, 0x47]),
        ])
        #expect(avatars.dataURI("avatars/big.png", name: "octocat")?.hasPrefix("data:image/svg+xml;base64,") == true)
        #expect(avatars.dataURI("avatars/small.png", name: "octocat") == "data:image/png;base64,iVBORw==")
        #expect(avatars.dataURI("avatars/none.png", name: "octocat") == nil)
    }

    @Test("control characters from the API are dropped, so the SVG stays valid XML")
    func controlCharacters() {
        #expect(XMLEscape.xml("a\u{0}b\u{1B}c<&>\"'\n") == "abc&lt;&amp;&gt;&quot;&#39; ")
    }

    @Test("embed snippets: Markdown, <picture> light and dark, iframe; relative without base_url")
    func relativeEmbeds() async throws {
        let page = String(decoding: try await Self.specimen()["repos/apple/swift/index.html"]!, as: UTF8.self)
        #expect(
            page.contains(
                "[![apple/swift on RepoWatcher](repos/apple/swift/medium.svg)](repos/apple/swift/)</code>"))
        #expect(
            page.contains(
                "&lt;source media=&quot;(prefers-color-scheme: dark)&quot; srcset=&quot;repos/apple/swift/large-dark.svg&quot;&gt;"
            ))
        #expect(page.contains("&lt;img src=&quot;repos/apple/swift/large.svg&quot;"))
        #expect(page.contains("&lt;iframe src=&quot;repos/apple/swift/medium.html&quot;"))
        #expect(page.contains("<button class=\"copy\" type=\"button\" data-copy=\"embed-medium-markdown\" hidden>"))
        #expect(page.contains("<code id=\"embed-medium-markdown\">"))
        #expect(page.contains("<script src=\"../../../assets/copy.js\" defer></script>"))
    }

    @Test("with base_url every snippet is absolute")
    func absoluteEmbeds() async throws {
        let files = try await Self.specimen(baseURL: URL(string: "https://me.github.io/watch/"))
        let page = String(decoding: files["repos/apple/swift/index.html"]!, as: UTF8.self)
        let base = "https://me.github.io/watch/repos/apple/swift/"
        #expect(page.contains("[![apple/swift on RepoWatcher](\(base)medium.svg)](\(base))"))
        #expect(page.contains("srcset=&quot;\(base)medium-dark.svg&quot;"))
        #expect(page.contains("&lt;iframe src=&quot;\(base)large.html&quot;"))
        let script = String(decoding: files["assets/copy.js"]!, as: UTF8.self)
        #expect(script.contains("navigator.clipboard") && !page.contains(" onclick="))
    }
}
