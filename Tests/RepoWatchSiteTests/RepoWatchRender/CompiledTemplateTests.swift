import Foundation
import Mustache
import Testing

@testable import RepoWatchRender
@testable import RepoWatchSite

/// The compiled templates render what swift-mustache renders: the whole specimen site, and small
/// templates that reach each rule (indentation, inheritance, dotted names, sections, transforms).
@Suite("Compiled templates render like swift-mustache")
struct CompiledTemplateTests {
    @Test(arguments: [nil, "ar", "de", "ja"])
    func theSpecimenSiteIsByteIdentical(_ locale: String?) async throws {
        let compiled = try await SpecimenSite.files(locale: locale)
        let library = try await SpecimenSite.files(locale: locale, libraryOnly: true)
        #expect(compiled.count == library.count)
        #expect(compiled.keys.filter { $0.hasSuffix(".html") }.count > 30)
        let different = compiled.keys.filter { compiled[$0] != library[$0] }.sorted()
        #expect(different.isEmpty, "differ: \(different.prefix(5))")
    }

    @Test func theBuiltInTemplatesAreCompiled() throws {
        let templates = try TemplateSet.load(siteDirectory: nil)
        #expect(templates.compiled != nil)
        for name in TemplateSet.requiredNames { #expect(templates.compiled?.templates[name] != nil, "\(name)") }
    }

    static var context: [String: Any] {
        [
            "name": "Bootstrap <&> \"quoted\" 'single'",
            "count": 42,
            "zero": 0,
            "yes": true,
            "no": false,
            "none": [String](),
            "words": ["alpha", "beta", "gamma"],
            "people": [["login": "ann", "rank": 1], ["login": "bob", "rank": 2]],
            "nested": ["inner": ["deep": "found"], "name": "inner name"],
            "html": "<b>bold</b>",
            "multi": "line one\nline two",
        ]
    }

    static let partials: [String: String] = [
        "item": "<li>{{login}}</li>\n<li>{{rank}}</li>\n",
        "block": "{{#yes}}\n  yes\n{{/yes}}\ntext {{name}}\n",
        "parent": "<main>\n  {{$body}}default body{{/body}}\n  {{$foot}}default foot\n{{/foot}}\n</main>\n",
        "crlf": "a\r\n{{name}}\r\nb\r\n",
    ]

    static let cases: [String] = [
        "plain {{name}} {{{name}}} {{&name}} {{count}} {{yes}} {{no}} {{missing}}.",
        "{{#words}}[{{.}}]{{/words}}{{^words}}none{{/words}}{{^none}}empty{{/none}}{{#none}}x{{/none}}",
        "{{#people}}{{login}}:{{rank}} {{name}};{{/people}}",
        "{{nested.inner.deep}} {{nested.missing.deep}} {{#nested}}{{name}} {{.name}} {{inner.deep}}{{/nested}}",
        "{{#nested}}{{#inner}}{{deep}} {{name}} {{.name}}{{/inner}}{{/nested}}",
        "{{#yes}}Y{{/yes}}{{^yes}}N{{/yes}}{{#no}}Y{{/no}}{{^no}}N{{/no}}{{#missing}}M{{/missing}}{{^missing}}!M{{/missing}}",
        "{{count(words)}} {{#empty(none)}}E{{/empty(none)}} {{^empty(words)}}W{{/empty(words)}} {{uppercased(html)}}",
        "{{first(words)}} {{last(words)}} {{#reversed(words)}}{{.}}{{/reversed(words)}} {{plusone(count)}} {{even(count)}}",
        "{{! a comment }}before\n  {{#yes}}\n  inside\n  {{/yes}}\nafter\n",
        "<ul>\n  {{#people}}\n  {{> item}}\n  {{/people}}\n</ul>\n",
        "<div>\n    {{> block}}\n</div>\n  {{> block}}\n",
        "{{<parent}}{{$body}}mine: {{name}}\n  two{{/body}}{{/parent}}",
        "{{<parent}}{{/parent}}",
        "  {{> crlf}}\r\n  {{> crlf}}\n",
        "{{=<% %>=}}<% name %> <%={{ }}=%>{{count}}",
        "{{#multi}}{{.}}{{/multi}} {{#count}}{{.}}{{/count}} {{#name}}{{.}}{{/name}}",
        "{{#people}}{{> item}}{{/people}}{{> nothing}}end",
        "{{#words}}{{#first()}}[{{/first()}}{{.}}#{{index()}}{{#even()}}e{{/even()}}{{^last()}}, {{/last()}}{{#last()}}]{{/last()}}{{/words}}",
        "{{#people}}{{#yes}}{{index()}}{{/yes}}{{#nested}}({{index()}}){{/nested}}{{> item}}{{/people}}{{first()}}",
        "{{#words}}{{#odd()}}{{.}}{{/odd()}}{{/words}} {{#reversed(words)}}{{index()}}{{.}}{{/reversed(words)}}",
    ]

    @Test(arguments: cases)
    func aTemplateRendersLikeTheLibrary(_ text: String) throws {
        var library = MustacheLibrary()
        var compiled: [String: CompiledTemplate] = [:]
        for (name, source) in Self.partials.merging(["main": text], uniquingKeysWith: { $1 }) {
            let template = try MustacheTemplate(string: source)
            library.register(template, named: name)
            compiled[name] = try CompiledTemplate(parsing: source)
        }
        let expected = library.render(Self.context, withTemplate: "main")
        #expect(expected?.isEmpty == false)
        #expect(CompiledRenderer(templates: compiled).render("main", Self.context) == expected)
    }

    @Test func aTemplateTheRendererCannotDoFallsBackToTheLibrary() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compiled-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Templates"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A dynamic partial names its template at render time: only the library does that.
        try Data("{{#widgets}}{{>*kind}}{{/widgets}}".utf8)
            .write(to: folder.appendingPathComponent("Templates/index.mustache"))
        let templates = try TemplateSet.load(siteDirectory: folder)
        #expect(templates.compiled == nil)
        let context = ["widgets": [["kind": "medium-title", "title": "a"], ["kind": "nothing", "title": "b"]]]
        try Data("<{{title}}>".utf8).write(to: folder.appendingPathComponent("Templates/medium-title.mustache"))
        #expect(try TemplateSet.load(siteDirectory: folder).render("index", context) == "<a>")
    }

    /// swift-mustache escapes whole characters: a quote followed by a combining mark is one
    /// character, not `"`, and went out raw, ending the attribute it was in.
    @Test func aQuoteFollowedByACombiningMarkIsEscaped() throws {
        let rendered = CompiledRenderer(templates: ["t": try CompiledTemplate(parsing: "<p title=\"{{title}}\">")])
            .render("t", ["title": "\"\u{301} onmouseover=alert(1) x=&\u{301}"])
        #expect(rendered == "<p title=\"&quot;\u{301} onmouseover=alert(1) x=&amp;\u{301}\">")
    }
}
