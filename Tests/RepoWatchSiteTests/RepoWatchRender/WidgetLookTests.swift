import Foundation
import Mustache
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSite
@testable import RepoWatchSupport

@Suite struct WidgetLookConfigTests {
    @Test func defaultsAreFullColorFullNumbersAutoAndSystemBlue() throws {
        let config = try parse("repos: [a/b]\n").config
        #expect(config.look == WidgetLook())
        #expect(config.look.appearance == .auto)
        #expect(config.look.rendering == .fullColor)
        #expect(config.look.numbers == .full)
        #expect(config.look.accent.hex == "#0a84ff")
    }

    @Test func siteDefaultsAndPerWidgetOverrides() throws {
        let result = try parse(
            """
            appearance: dark
            rendering: accented
            accent: "#FF9500"
            numbers: compact
            repos: [a/b, c/d]
            widgets:
              - repo: a/b
              - repo: c/d
                appearance: light
                rendering: desaturated
                accent: "#34c759"
                numbers: full
              - kind: double
                rendering: full-color
            """)
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let config = result.config
        #expect(
            config.look
                == WidgetLook(
                    appearance: .dark, rendering: .accented, accent: AccentColor(hex: "#ff9500")!, numbers: .compact))
        #expect(config.look(for: config.widgets[0]) == config.look)
        #expect(
            config.look(for: config.widgets[1])
                == WidgetLook(
                    appearance: .light, rendering: .desaturated, accent: AccentColor(hex: "#34C759")!, numbers: .full))
        let double = config.look(for: config.widgets[2])
        #expect(double.rendering == .fullColor && double.appearance == .dark && double.numbers == .compact)
    }

    @Test func badValuesNameTheirLineAndColumn() {
        let found = errors(
            """
            accent: "#12345"
            repos: [a/b]
            widgets:
              - repo: a/b
                rendering: tinted
                numbers: short
                appearance: sepia
                accent: red
            """)
        let sorted = found.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        #expect(sorted.map { "\($0.line):\($0.column)" } == ["1:9", "5:16", "6:14", "7:17", "8:13"])
        #expect(sorted[0].description.hasPrefix("site.yml:1:9: error: `accent` must be a colour written #RRGGBB"))
        #expect(sorted[1].message.contains("full-color, accented or desaturated"))
    }

    @Test func anUnquotedAccentIsAYAMLCommentAndTheMessageSaysSo() {
        let found = errors("repos: [a/b]\naccent: #FF9500\n")
        #expect(found.count == 1)
        #expect(found.first?.line == 2)
        #expect(found.first?.message.contains("quote it") == true)
    }

    @Test func accentColorsAreExactlyHashAndSixHexDigits() {
        #expect(AccentColor(hex: "#0A84ff")?.hex == "#0a84ff")
        for bad in ["0A84FF", "#0A84F", "#0A84FFF", "#GGGGGG", "#0a84ff;", "red", "", "#ff9500 ", "＃FF9500"] {
            #expect(AccentColor(hex: bad) == nil, "\(bad)")
        }
    }
}

@Suite struct CompactNumberTests {
    @Test func compactLikeTheAppsShortForm() {
        let cases: [(Int, String)] = [
            (0, "0"), (999, "999"), (1000, "1k"), (1049, "1k"), (1050, "1.1k"), (78_987, "79k"),
            (171_281, "171.3k"), (999_949, "999.9k"), (999_950, "1M"), (1_250_000, "1.3M"),
            (2_147_483_647, "2.1B"), (-1234, "-1.2k"), (Int.max, "9223372T"),
        ]
        for (value, text) in cases {
            #expect(Formatting.compact(value) == text, "\(value)")
        }
        #expect(LocaleFormatter.english.number(171_281, .full) == "171,281")
        #expect(LocaleFormatter.english.number(171_281, .compact) == "171.3k")
    }
}

@Suite struct AccentPaletteTests {
    /// Every corner of the colour cube and the usual iOS tints, including the hardest (yellow, white, black).
    static let accents: [AccentColor] = {
        var accents: [AccentColor] = []
        for red: UInt8 in [0, 128, 255] {
            for green: UInt8 in [0, 128, 255] {
                for blue: UInt8 in [0, 128, 255] { accents.append(AccentColor(red: red, green: green, blue: blue)) }
            }
        }
        return accents
            + ["#FFD60A", "#FF9500", "#34C759", "#5E5CE6", "#FF2D55", "#0A84FF"].map { AccentColor(hex: $0)! }
    }()

    @Test(arguments: accents)
    func inkKeepsAAContrastOnItsSurfaceInLightAndDark(_ accent: AccentColor) {
        let palette = AccentPalette(accent: accent)
        for colors in [palette.light, palette.dark] {
            #expect(colors.ink.rounded.contrast(with: colors.surface.rounded) >= 4.5, "\(accent) \(colors)")
        }
        // Light stays light and dark stays dark, whatever the accent.
        #expect(palette.light.surface.relativeLuminance > 0.6)
        #expect(palette.dark.surface.relativeLuminance < 0.1)
    }

    @Test func cssVariablesCarryOnlyHexColours() {
        let css = AccentPalette(accent: AccentColor(hex: "#FF9500")!).cssVariables
        #expect(css.hasPrefix("--rw-accent-light-surface:#"))
        #expect(css.split(separator: ";").count == 6)
        #expect(css.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-:#;".contains($0)) })
    }

    @Test func wcagKnownAnswers() {
        let black = RGB(0, 0, 0)
        let white = RGB(255, 255, 255)
        #expect(abs(black.contrast(with: white) - 21) < 0.001)
        #expect(abs(RGB(hex: "#767676")!.contrast(with: white) - 4.54) < 0.01)
    }
}

@Suite struct SafeMarkdownTests {
    @Test func linksOnlyHTTPAndMailto() {
        let html = Markdown.html(
            "[web](https://a.example/x) [plain](http://a.example) [mail](mailto:me@example.com) <https://auto.example> "
                + "[ftp](ftp://x.example) [data](data:text/html,hi) [rel](/local) [frag](#top) [vb](VBScript:x) "
                + "[js](JAVASCRIPT:alert(1)) [tab](java\tscript:x) <me@example.com>")
        #expect(html.contains("href=\"https://a.example/x\""))
        #expect(html.contains("href=\"http://a.example\""))
        #expect(html.contains("href=\"mailto:me@example.com\""))
        #expect(html.contains("href=\"https://auto.example\""))
        #expect(html.components(separatedBy: "<a ").count - 1 == 5, "\(html)")
        for word in ["ftp", "data", "rel", "frag", "vb", "js"] {
            #expect(html.contains(word), "the words of a dropped link stay: \(word)")
        }
        #expect(!html.lowercased().contains("javascript:"))
        #expect(!html.contains("href=\"/local\"") && !html.contains("href=\"#top\""))
    }

    @Test func imagesOnlyFromHTTPAndRawHTMLOmitted() {
        let html = Markdown.html(
            "![logo](https://a.example/logo.png) ![bad](javascript:alert(1)) <img src=x onerror=alert(1)> <b>bold</b>")
        #expect(html.contains("<img src=\"https://a.example/logo.png\" alt=\"logo\""))
        #expect(html.components(separatedBy: "<img").count - 1 == 1)
        #expect(html.contains("bad"))
        #expect(!html.contains("onerror") && !html.contains("<b>"))
    }

    @Test func nestedAndEmphasisedLinkTextSurvives() {
        let html = Markdown.html("[**strong** text](file:///etc/passwd)")
        #expect(html == "<p><strong>strong</strong> text</p>\n")
    }
}

@Suite struct WidgetLookRenderingTests {
    let now = ISO8601.parse("2026-11-22T12:00:00Z")!

    func repo() -> RepoSnapshot {
        RepoSnapshot(
            configName: "twbs/bootstrap", fullName: "twbs/bootstrap", htmlURL: "https://github.com/twbs/bootstrap",
            description: "d", stars: 171_281, forks: 78_987, openIssues: 673, hasIssues: true, archived: false,
            pushedAt: now, daysSincePush: 660, ownerAvatar: "avatars/a.png",
            contributors: [RepoWatchModel.Contributor(login: "mdo", contributions: 7_012, avatar: "avatars/b.png")],
            fetchedAt: now)
    }

    @Test func compactNumbersKeepFullSpokenLabelsAndRawValues() throws {
        let context = RepoCard(repo(), sample: false, numbers: .compact)
        let stars = try #require(context.stars)
        #expect(stars.display == "171.3k")
        #expect(stars.label == "171,281 stars")
        #expect(stars.value == 171_281)
        let person = try #require(context.contributors.first)
        #expect(person.display == "7k")
        #expect(person.label == "mdo: 7,012 contributions")
        let days = try #require(context.days)
        #expect(days.digits == 3)
        #expect(days.display == "660")
    }

    @Test func missingValuesArePlaceholdersNotZeros() throws {
        var partial = repo()
        partial.forks = nil
        partial.openIssues = nil
        partial.daysSincePush = nil
        let context = RepoCard(partial, sample: false)
        for key in ["forks", "issues", "days"] {
            let stat = try #require(context.child(named: key) as? any MustacheParent, "\(key)")
            #expect(stat.child(named: "missing") as? Bool == true, "\(key)")
            #expect(stat.child(named: "value") == nil, "\(key)")
            #expect(!(stat.child(named: "label") as? String ?? "").isEmpty, "\(key)")
        }
        let html = try TemplateSet.load(siteDirectory: nil).render(
            "medium",
            SingleWidgetContext(root: "", repo: context, widget: WidgetCard(kind: "medium", state: .fresh)))
        #expect(html.contains("data-stat=\"stars\""))
        #expect(!html.contains("data-stat=\"forks\"") && !html.contains("data-stat=\"days\""))
        #expect(html.components(separatedBy: "<span class=\"rw-placeholder").count - 1 == 3)
    }

    @Test func tagsOrDescriptionOnTheSubtitleLine() {
        #expect(RepoCard(repo(), sample: false).hasTags == false)
        var archived = repo()
        archived.archived = true
        #expect(RepoCard(archived, sample: false).hasTags == true)
        var stale = repo()
        stale.stale = true
        #expect(RepoCard(stale, sample: false).hasTags == true)
        #expect(RepoCard(repo(), sample: true).hasTags == true)
    }

    @Test func widgetContextCarriesTheLookAndAccentOnlyWhenAccented() {
        let plain = WidgetCard(kind: "large", state: .stale)
        #expect(plain.child(named: "appearance") as? String == "auto")
        #expect(plain.child(named: "rendering") as? String == "full-color")
        #expect(plain.child(named: "numbers") as? String == "full")
        #expect(plain.child(named: "accent_class") == nil && plain.child(named: "accent") == nil)
        let accented = WidgetCard(
            kind: "double", id: "pair", state: .fresh,
            look: WidgetLook(appearance: .dark, rendering: .accented, accent: AccentColor(hex: "#FFD60A")!))
        #expect(accented.child(named: "accent") as? String == "#ffd60a")
        #expect(accented.child(named: "accent_class") as? String == "rw-accent-ffd60a")
        #expect(accented.child(named: "id") as? String == "pair")
    }

    @Test func pagesDrawEachWidgetWithItsOwnLook() throws {
        let config = try ConfigLoader(file: "site.yml").parse(
            """
            rendering: desaturated
            numbers: compact
            repos: [twbs/bootstrap]
            widgets:
              - repo: twbs/bootstrap
                sizes: [medium]
                appearance: dark
                rendering: accented
                accent: "#FF9500"
              - repo: twbs/bootstrap
                sizes: [large]
                numbers: full
            """
        ).config
        let snapshot = Snapshot(generatedAt: now, nextUpdate: now, sample: false, repos: [repo()])
        let files = try SiteRenderer(
            config: config, templates: TemplateSet.load(siteDirectory: nil), options: RenderOptions()
        )
        .render(snapshot)
        let index = String(decoding: try #require(files["index.html"]), as: UTF8.self)
        #expect(index.contains("class=\"rw rw--medium rw--dark rw--accented rw-accent-ff9500\""))
        #expect(!index.contains("style="), "the pages' policy allows no inline style")
        let css = String(decoding: try #require(files["assets/style.css"]), as: UTF8.self)
        #expect(css.contains(".rw-accent-ff9500 { --rw-accent-light-surface:#"))
        #expect(index.contains("class=\"rw rw--large rw--auto rw--desaturated\""))
        #expect(index.contains(">171.3k</span>") || index.contains("171.3k"))
        #expect(index.contains("171,281"))
        let medium = String(decoding: try #require(files["repos/twbs/bootstrap/medium.html"]), as: UTF8.self)
        #expect(medium.contains("rw--dark rw--accented"))
        let large = String(decoding: try #require(files["repos/twbs/bootstrap/large.html"]), as: UTF8.self)
        #expect(large.contains("rw--auto rw--desaturated"))
        #expect(large.contains("171,281") && !large.contains("171.3k"))
    }
}
