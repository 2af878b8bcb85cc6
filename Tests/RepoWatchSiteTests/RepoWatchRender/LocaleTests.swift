import BuiltinTemplates
import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSite
@testable import RepoWatchSupport

/// Numbers and dates per shipped locale, as this Linux Foundation (ICU) formats them.
@Suite struct LocaleFormattingTests {
    static let date = ISO8601.parse("2026-11-21T09:05:00Z")!
    static let sameYear = ISO8601.parse("2026-12-01T00:00:00Z")!
    static let nextYear = ISO8601.parse("2027-12-01T00:00:00Z")!

    struct Expected: Sendable, CustomTestStringConvertible {
        var tag: String
        var grouped: String
        var compact: String
        var bigCompact: String
        var dayMonth: String
        var day: String
        var testDescription: String { tag }
    }

    static let expected: [Expected] = [
        Expected(
            tag: "en", grouped: "171,281", compact: "171.3k", bigCompact: "2.1B", dayMonth: "21 Nov", day: "21 Nov 2026"
        ),
        Expected(
            tag: "en-US", grouped: "171,281", compact: "171.3K", bigCompact: "2.1B", dayMonth: "Nov 21",
            day: "Nov 21, 2026"),
        Expected(
            tag: "ko", grouped: "171,281", compact: "17.1만", bigCompact: "21.5억", dayMonth: "11월 21일",
            day: "2026년 11월 21일"),
        Expected(
            tag: "ja", grouped: "171,281", compact: "17.1万", bigCompact: "21.5億", dayMonth: "11月21日", day: "2026年11月21日"
        ),
        Expected(
            tag: "zh-Hans", grouped: "171,281", compact: "17.1万", bigCompact: "21.5亿", dayMonth: "11月21日",
            day: "2026年11月21日"),
        // CLDR German has no short form for thousands: written out, grouped with a dot.
        Expected(
            tag: "de", grouped: "171.281", compact: "171.281", bigCompact: "2,1\u{00A0}Mrd.", dayMonth: "21. Nov.",
            day: "21. Nov. 2026"),
        Expected(
            tag: "fr", grouped: "171\u{202F}281", compact: "171,3\u{00A0}k", bigCompact: "2,1\u{00A0}Md",
            dayMonth: "21 nov.", day: "21 nov. 2026"),
        Expected(
            tag: "es", grouped: "171.281", compact: "171,3\u{00A0}mil", bigCompact: "2147,5\u{00A0}M",
            dayMonth: "21 nov",
            day: "21 nov 2026"),
        Expected(
            tag: "pt-BR", grouped: "171.281", compact: "171,3\u{00A0}mil", bigCompact: "2,1\u{00A0}bi",
            dayMonth: "21 de nov.", day: "21 de nov. de 2026"),
        // Latin digits: CLDR 42+ gives plain `ar` the "latn" numbering system.
        Expected(
            tag: "ar", grouped: "171,281", compact: "171.3\u{00A0}ألف", bigCompact: "2.1\u{00A0}مليار",
            dayMonth: "21 نوفمبر", day: "21 نوفمبر، 2026"),
    ]

    @Test(arguments: expected)
    func formatsAsCLDRSays(_ expected: Expected) {
        let format = LocaleFormatter(identifier: expected.tag)
        #expect(format.grouped(171_281) == expected.grouped)
        #expect(format.compact(171_281) == expected.compact)
        #expect(format.compact(2_147_483_647) == expected.bigCompact)
        #expect(format.shortDay(Self.date, relativeTo: Self.sameYear) == expected.dayMonth)
        #expect(format.shortDay(Self.date, relativeTo: Self.nextYear) == expected.day)
        #expect(format.day(Self.date) == expected.day)
        #expect(format.time(Self.date) == "09:05")
    }

    @Test func arabicIndicDigitsWhenTheTagAsksForThem() {
        #expect(LocaleFormatter(identifier: "ar-EG").grouped(171_281) == "١٧١٬٢٨١")
        #expect(LocaleFormatter(identifier: "ar-u-nu-arab").grouped(12) == "١٢")
    }

    @Test func directionFollowsTheScript() {
        #expect(LocaleFormatter(identifier: "ar").isRightToLeft)
        #expect(LocaleFormatter(identifier: "he").isRightToLeft)
        #expect(!LocaleFormatter(identifier: "ko").isRightToLeft && !LocaleFormatter(identifier: "en").isRightToLeft)
    }

    @Test func englishCompactIsTheAppsShortForm() {
        let english = LocaleFormatter.english
        for value in [0, 999, 1_000, 171_281, 999_950, 1_250_000, 2_147_483_647, -1_250] {
            #expect(english.compact(value) == Formatting.compact(value), "\(value)")
            #expect(english.grouped(value) == Formatting.grouped(value), "\(value)")
        }
        #expect(english.day(Self.date) == Formatting.day(Self.date))
    }
}

@Suite struct PluralRuleTests {
    @Test func cldrCategoriesForWholeNumbers() {
        func forms(_ locale: String, _ counts: [Int]) -> [PluralCategory] {
            counts.map { PluralRule.category($0, locale: locale) }
        }
        #expect(forms("en", [0, 1, 2, 1_000_000]) == [.other, .one, .other, .other])
        #expect(forms("de", [1, 2]) == [.one, .other])
        #expect(forms("fr", [0, 1, 2, 1_000_000]) == [.one, .one, .other, .many])
        #expect(forms("pt-BR", [0, 1, 2, 2_000_000]) == [.one, .one, .other, .many])
        #expect(forms("pt-PT", [0, 1]) == [.other, .one])
        #expect(forms("es", [0, 1, 2, 1_000_000]) == [.other, .one, .other, .many])
        #expect(forms("ko", [0, 1, 2]) == [.other, .other, .other])
        #expect(forms("ja", [1]) == [.other] && forms("zh-Hans", [1]) == [.other])
        #expect(
            forms("ar", [0, 1, 2, 3, 10, 11, 99, 100, 101, 102, 103, 111])
                == [.zero, .one, .two, .few, .few, .many, .many, .other, .other, .other, .few, .many])
        #expect(forms("ru", [1, 2, 5, 11, 21, 22, 25]) == [.one, .few, .many, .many, .one, .few, .many])
        #expect(forms("pl", [1, 2, 5, 22, 12]) == [.one, .few, .many, .few, .many])
        #expect(forms("xx", [1, 7]) == [.one, .other])
        #expect(forms("en", [-1]) == [.one])
    }
}

@Suite struct StringTableTests {
    @Test func everyShippedTableHasEveryEnglishKeyWithTheSamePlaceholders() throws {
        let english = try LocaleCatalog.parseTable(BuiltinTemplates.locales["en"]!)
        #expect(english.count > 60)
        #expect(
            Set(BuiltinTemplates.locales.keys) == ["en", "ko", "ja", "zh-Hans", "de", "fr", "es", "pt-BR", "ar"])
        for (name, bytes) in BuiltinTemplates.locales {
            let table = try LocaleCatalog.parseTable(bytes)
            #expect(Set(table.keys) == Set(english.keys), "\(name)")
            for (key, entry) in table {
                #expect(Self.placeholders(entry).isSubset(of: Self.placeholders(english[key]!)), "\(name): \(key)")
                if case .plural = english[key]! {
                    guard case .plural = entry else {
                        Issue.record("\(name): \(key) must have plural forms")
                        continue
                    }
                }
            }
        }
    }

    @Test func japaneseSaysIssuesOneWay() throws {
        // The table once mixed イシュー, Issue and 未解決の Issue on one page.
        let table = try #require(
            try JSONSerialization.jsonObject(with: Data(BuiltinTemplates.locales["ja"]!)) as? [String: Any])
        // Every value, plural forms' too, as one text (the keys are English by design).
        let text = table.values.map { "\($0)" }.joined(separator: "\n")
        #expect(text.contains("イシュー"))
        for other in ["Issue", "issue", "未解決", "課題"] { #expect(!text.contains(other), "\(other)") }
    }

    static func placeholders(_ entry: LocaleEntry) -> Set<String> {
        let texts: [String]
        switch entry {
        case .text(let text): texts = [text]
        case .plural(let forms): texts = Array(forms.values)
        }
        var names: Set<String> = []
        for text in texts {
            for part in text.split(separator: "{", omittingEmptySubsequences: false).dropFirst() {
                names.insert(String(part.prefix { $0 != "}" }))
            }
        }
        return names
    }

    @Test func pluralFormsAndPlaceholders() throws {
        let catalog = LocaleCatalog.load(siteDirectory: nil)
        let english = catalog.table(for: "en")
        #expect(english.plural("days_caption", count: 1) == "day ago")
        #expect(english.plural("days_caption", count: 12) == "days ago")
        #expect(english.plural("stars", count: 171_281) == "171,281 stars")
        #expect(english.plural("contributions", count: 1, ["login": "octocat"]) == "octocat: 1 contribution")
        #expect(english.text("as_of", ["date": "21 Nov 2026"]) == "as of 21 Nov 2026")
        #expect(english.text("top_contributors") == "Top Contributors")

        let korean = catalog.table(for: "ko-KR")
        #expect(korean.name == "ko")
        #expect(korean.text("top_contributors") == "주요 기여자")
        #expect(korean.plural("days_caption", count: 1) == "일 전")
        #expect(korean.plural("stars", count: 1_234) == "별 1,234개")

        let arabic = catalog.table(for: "ar")
        #expect(arabic.isRightToLeft)
        #expect(arabic.plural("stars", count: 2) == "نجمتان")
        #expect(arabic.plural("stars", count: 5) == "5 نجوم")
        #expect(arabic.plural("stars", count: 11) == "11 نجمة")

        let german = catalog.table(for: "de-AT")
        #expect(german.name == "de" && german.formatter.identifier == "de-AT")
        #expect(german.plural("forks", count: 1) == "1 Fork")

        #expect(catalog.table(for: "tlh").name == "en", "no table: English")
        #expect(StringTable.fill("{a} and {b} and {c}", ["a": "1", "b": "{c}"]) == "1 and {c} and {c}")
    }

    @Test func aSiteTableReplacesTheShippedOneAndMissingKeysFallBackToEnglish() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rw-locales-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("Templates/locales")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"top_contributors": "기여자 순위", "tpo_contributors": "x"}"#.utf8)
            .write(to: folder.appendingPathComponent("ko.json"))
        try Data(
            #"{"top_contributors": "Migliori contributori", "days_caption": {"one": "giorno fa", "other": "giorni fa"}}"#
                .utf8
        )
        .write(to: folder.appendingPathComponent("it.json"))
        let catalog = LocaleCatalog.load(siteDirectory: dir)
        #expect(catalog.overridden == ["locales/it.json", "locales/ko.json"])
        #expect(
            catalog.warnings.map(\.description) == [
                "Templates/locales/ko.json:1:1: warning: unknown key 'tpo_contributors' is not used"
            ])
        let korean = catalog.table(for: "ko")
        #expect(korean.text("top_contributors") == "기여자 순위")
        #expect(korean.text("no_contributors") == "No contributors yet", "a missing key reads English")
        let italian = catalog.table(for: "it-IT")
        #expect(italian.name == "it" && italian.plural("days_caption", count: 2) == "giorni fa")
        #expect(italian.formatter.grouped(171_281) == "171.281")
        #expect(catalog.names.contains("it") && catalog.problems.isEmpty)

        try Data(#"{"days_caption": {"one": "x"}}"#.utf8).write(to: folder.appendingPathComponent("fr.json"))
        let broken = LocaleCatalog.load(siteDirectory: dir)
        #expect(broken.names.contains("fr"), "a table that cannot be read is not an unknown locale")
        #expect {
            try RenderOptions(locales: broken)
        } throws: { error in
            (error as? DiagnosticsError)?.description
                == "Templates/locales/fr.json:1:1: error: 'days_caption' needs an \"other\" form"
        }
    }
}

@Suite struct LocaleTagTests {
    @Test func wellFormedTags() {
        for tag in [
            "en", "ko", "zh-Hans", "pt-BR", "pt_br", "es-419", "de-CH-1996", "ar-u-nu-arab", "sr-Latn-RS", "gsw",
        ] {
            #expect(LocaleTag.isWellFormed(tag), "\(tag)")
        }
        for tag in ["", "e", "english!", "ko-", "k0", "en--US", "en-US-x", "toolonglanguage", "ko KR", "../etc"] {
            #expect(!LocaleTag.isWellFormed(tag), "\(tag)")
        }
    }

    @Test func canonicalCase() {
        #expect(LocaleTag.canonical("PT_br") == "pt-BR")
        #expect(LocaleTag.canonical("zh-hans-cn") == "zh-Hans-CN")
        #expect(LocaleTag.canonical("AR-U-NU-ARAB") == "ar-u-nu-arab")
    }

    @Test func tablesByFallback() {
        let shipped = LocaleCatalog.builtIn.shipped
        #expect(LocaleTag.table(for: "ko-KR", among: shipped) == "ko")
        #expect(LocaleTag.table(for: "zh", among: shipped) == "zh-Hans")
        #expect(LocaleTag.table(for: "zh-CN", among: shipped) == "zh-Hans")
        #expect(LocaleTag.table(for: "zh-Hans-SG", among: shipped) == "zh-Hans")
        #expect(LocaleTag.table(for: "zh-TW", among: shipped) == nil, "Traditional Chinese is not Simplified")
        #expect(LocaleTag.table(for: "zh-Hant", among: shipped) == nil)
        #expect(LocaleTag.table(for: "pt", among: shipped) == "pt-BR")
        #expect(LocaleTag.table(for: "pt-PT", among: shipped) == "pt-BR")
        #expect(LocaleTag.table(for: "ar-EG", among: shipped) == "ar")
        #expect(LocaleTag.table(for: "en-u-nu-latn", among: shipped) == "en")
        #expect(LocaleTag.table(for: "it", among: shipped) == nil)
    }
}

@Suite struct LocaleConfigTests {
    func load(_ yaml: String) throws -> ConfigLoader.LoadedConfig {
        try ConfigLoader(file: "/nonexistent/site.yml", locales: .builtIn).parse(yaml)
    }

    @Test func siteAndWidgetLocales() throws {
        let result = try load(
            """
            locale: ko
            repos: [apple/swift, a/b]
            widgets:
              - repo: apple/swift
                locale: ar
              - repo: a/b
            """)
        #expect(result.warnings.isEmpty)
        #expect(result.config.locale == "ko")
        #expect(result.config.locale(for: result.config.widgets[0]) == "ar")
        #expect(result.config.locale(for: result.config.widgets[1]) == "ko")
        #expect(try load("repos: [a/b]\n").config.locale == "en")
        #expect(try load("locale: pt_br\nrepos: [a/b]\n").config.locale == "pt-BR")
    }

    @Test func anUnknownLocaleIsAWarningWithItsLineAndEnglishIsUsed() throws {
        let result = try load(
            "title: T\nlocale: tlh\nrepos: [a/b]\nwidgets:\n  - repo: a/b\n    locale: \"not a tag\"\n")
        #expect(result.config.locale == "en")
        #expect(result.config.widgets[0].locale == nil)
        let warnings = result.warnings.map(\.description)
        #expect(warnings.count == 2, "\(warnings)")
        #expect(
            warnings.first?.hasPrefix("/nonexistent/site.yml:2:9: warning: unknown locale 'tlh'; English is used")
                == true)
        #expect(
            warnings.last?.hasPrefix("/nonexistent/site.yml:6:13: warning: `locale` 'not a tag' is not a BCP 47")
                == true)
    }
}
