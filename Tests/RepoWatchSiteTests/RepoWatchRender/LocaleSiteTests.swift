import BuiltinTemplates
import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSite

/// The specimen gallery (every state, size and look) built in each shipped locale: no English left
/// in the widgets, HTML or SVG; numbers grouped the locale's way; `lang` and `dir` set.
@Suite("Locales: the specimen gallery in every shipped locale", .serialized)
struct LocaleSiteTests {
    static let locales = BuiltinTemplates.locales.keys.filter { $0 != "en" }.sorted()

    /// English phrases a widget shows (from en.json): none may survive where the locale says otherwise.
    static let widgetKeys = [
        "days_caption", "today", "no_pushes", "top_contributors", "no_contributors", "contributors_unavailable",
        "contributors_too_large", "as_of", "tag_unavailable", "tag_sample", "tag_archived", "unavailable_message",
        "tag_pending", "pending_message", "contributors_pending",
    ]

    static func englishPhrases(against table: StringTable) -> [String] {
        let english = LocaleCatalog.builtIn.table(for: "en")
        var phrases: [String] = []
        for key in widgetKeys {
            for category in [1, 2, 7] {
                let ours = english.plural(key, count: category, display: "\u{E002}")
                guard ours != table.plural(key, count: category, display: "\u{E002}") else { continue }
                // The literal words around placeholders ("as of", "days ago").
                for piece in ours.split(whereSeparator: { $0 == "{" || $0 == "}" || $0 == "\u{E002}" }) {
                    let words = piece.trimmingCharacters(in: .whitespaces)
                    if words.count >= 3, !words.hasPrefix("date") { phrases.append(words) }
                }
            }
        }
        return Array(Set(phrases)).sorted()
    }

    /// Text a reader sees inside the widget roots of an HTML page: text nodes, not attributes.
    static func widgetText(_ html: String) -> String {
        var text = ""
        var rest = Substring(html)
        while let start = rest.range(of: "<article class=\"rw ") {
            guard let end = rest[start.lowerBound...].range(of: "</article>") else { break }
            var inTag = false
            for character in rest[start.lowerBound..<end.lowerBound] {
                if character == "<" {
                    inTag = true
                    text.append(" ")
                } else if character == ">" {
                    inTag = false
                } else if !inTag {
                    text.append(character)
                }
            }
            rest = rest[end.upperBound...]
        }
        return text
    }

    /// The `<text>` of an SVG widget.
    static func svgText(_ svg: String) -> String {
        var text = ""
        var rest = Substring(svg)
        while let open = rest.range(of: "<text") {
            guard let close = rest[open.upperBound...].range(of: ">"),
                let end = rest[close.upperBound...].range(of: "</text>")
            else { break }
            text += " " + rest[close.upperBound..<end.lowerBound]
            rest = rest[end.upperBound...]
        }
        return text
    }

    @Test(arguments: locales)
    func noEnglishLeftInTheWidgets(_ locale: String) async throws {
        let files = try await SpecimenSite.files(locale: locale)
        let table = LocaleCatalog.builtIn.table(for: locale)
        let phrases = Self.englishPhrases(against: table)
        #expect(phrases.contains("Top Contributors") || table.text("top_contributors") == "Top Contributors")
        var widgetsSeen = 0
        var svgsSeen = 0
        for (path, data) in files {
            let text = String(decoding: data, as: UTF8.self)
            let visible: String
            if path.hasSuffix(".html") {
                visible = Self.widgetText(text)
                widgetsSeen += text.components(separatedBy: "<article class=\"rw ").count - 1
            } else if path.hasSuffix(".svg"), path.hasPrefix("repos/") || path.hasPrefix("widgets/") {
                visible = Self.svgText(text)
                svgsSeen += 1
            } else {
                continue
            }
            for phrase in phrases where visible.contains(phrase) {
                Issue.record("\(locale): '\(phrase)' left in \(path)")
            }
        }
        #expect(widgetsSeen > 100 && svgsSeen > 20, "\(widgetsSeen) widgets, \(svgsSeen) SVGs")
    }

    @Test(arguments: ["ko", "de", "fr", "ar"])
    func numbersLangAndDirection(_ locale: String) async throws {
        let files = try await SpecimenSite.files(locale: locale)
        let format = LocaleFormatter(identifier: locale)
        let medium = String(decoding: try #require(files["repos/apple/swift/medium.html"]), as: UTF8.self)
        let page = HTMLPage(medium)
        let stats = page.stats()
        #expect(stats["stars"]?.value == "171281", "data-value stays a plain integer")
        // The page scan folds spaces, French's narrow no-break space among them.
        let grouped = format.grouped(171_281).filter { !$0.isWhitespace }
        #expect(
            stats["stars"]?.text.filter { !$0.isWhitespace }.contains(grouped) == true, "\(stats["stars"]?.text ?? "-")"
        )
        #expect(medium.contains(format.grouped(171_281)))
        #expect(stats["pulls"]?.value == "212")
        let rtl = locale == "ar"
        #expect(medium.contains("<html lang=\"\(locale)\"\(rtl ? " dir=\"rtl\"" : "") class=\"standalone\""))
        #expect(medium.contains("lang=\"\(locale)\" dir=\"\(rtl ? "rtl" : "ltr")\""))
        let index = String(decoding: try #require(files["index.html"]), as: UTF8.self)
        #expect(index.contains("<html lang=\"\(locale)\"\(rtl ? " dir=\"rtl\"" : "") data-appearance"))
        let notFound = String(decoding: try #require(files["404.html"]), as: UTF8.self)
        #expect(notFound.contains("<html lang=\"\(locale)\""))
        let table = LocaleCatalog.builtIn.table(for: locale)
        #expect(notFound.contains(table.text("not_found_heading")))
        let svg = String(decoding: try #require(files["repos/apple/swift/large.svg"]), as: UTF8.self)
        #expect(svg.contains("xml:lang=\"\(locale)\""))
        #expect(Self.svgText(svg).contains(table.text("top_contributors")))
        #expect(Self.svgText(svg).contains(format.grouped(8_513)))
    }

    @Test func compactNumbersFollowTheLocale() async throws {
        let files = try await SpecimenSite.files(locale: "ko")
        // The desaturated looks use `numbers: compact`.
        let index = String(decoding: try #require(files["index.html"]), as: UTF8.self)
        #expect(index.contains("17.1만"))
        #expect(!index.contains("171.3k"))
    }

    @Test func combinedCountsSaySo() async throws {
        let files = try await SpecimenSite.files(locale: nil)
        let stale = String(decoding: try #require(files["repos/twbs/bootstrap/medium.html"]), as: UTF8.self)
        #expect(stale.contains("title=\"Open issues and pull requests\""))
        #expect(stale.contains("aria-label=\"0 open issues and pull requests\""))
        #expect(!stale.contains("data-stat=\"pulls\""))
        let fresh = String(decoding: try #require(files["repos/apple/swift/medium.html"]), as: UTF8.self)
        #expect(fresh.contains("title=\"Open issues\"") && fresh.contains("aria-label=\"212 open pull requests\""))
    }
}
