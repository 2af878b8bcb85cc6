import Foundation
import Mustache
import Testing

@testable import RepoWatchRender
@testable import RepoWatchSite

/// One test of the official Mustache specification (Tests/Fixtures/mustache-spec, see its README).
struct MustacheSpecCase: Sendable, CustomTestStringConvertible {
    /// The spec file without `.json`: `sections`, `~inheritance`.
    let suite: String
    let name: String
    let data: JSONValue
    let template: String
    let partials: [String: String]
    let expected: String

    /// How the exception lists name it: `sections: Deeply Nested Contexts`.
    var id: String { "\(suite): \(name)" }
    var testDescription: String { id }

    private struct File: Decodable {
        struct Test: Decodable {
            let name: String
            let data: JSONValue
            let template: String
            let partials: [String: String]?
            let expected: String
        }
        let tests: [Test]
    }

    static let suites = [
        "comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~inheritance", "~dynamic-names",
    ]

    /// The vendored folder.
    static var folder: URL? {
        let folder = E2EPaths.fixtures.appendingPathComponent("mustache-spec", isDirectory: true)
        return FileManager.default.fileExists(atPath: folder.path) ? folder : nil
    }

    static func load(_ suite: String) throws -> [MustacheSpecCase] {
        guard let folder else { throw CocoaError(.fileNoSuchFile) }
        let data = try Data(contentsOf: folder.appendingPathComponent("\(suite).json"))
        return try JSONDecoder().decode(File.self, from: data).tests.map {
            MustacheSpecCase(
                suite: suite, name: $0.name, data: $0.data, template: $0.template, partials: $0.partials ?? [:],
                expected: $0.expected)
        }
    }

    /// Every case; a suite that cannot be read is missing here, and `everySuiteIsRead` fails.
    static let all: [MustacheSpecCase] = suites.flatMap { (try? load($0)) ?? [] }

    /// The spec's data as swift-mustache takes JSON: dictionaries, arrays, strings, numbers, Bools,
    /// and `NSNull` (its documented null).
    static func context(_ value: JSONValue) -> Any {
        switch value {
        case .null: return NSNull()
        case .bool(let flag): return flag
        case .int(let number): return number
        case .double(let number): return number
        case .string(let text): return text
        case .array(let elements): return elements.map(context)
        case .object(let members): return members.mapValues(context)
        }
    }
}

/// Every case of the spec's core suites and of the inheritance and dynamic-names modules, rendered
/// by swift-mustache and by `CompiledRenderer`: each output is the spec's, or the case is listed
/// below with the reason it differs (and the test fails when a listed case starts to pass).
@Suite("The Mustache specification, through swift-mustache and the compiled renderer")
struct MustacheSpecTests {
    /// Where swift-mustache's output differs from the spec; the compiled renderer reads the same
    /// parsed tokens, so these differ for it too unless listed in `compiledOnly`.
    static let library: [String: String] = [
        "~inheritance: Intrinsic indentation":
            "swift-mustache 2.1.1 indents a block by the whitespace before its own tag only (none here: it is at "
            + "column 0), not by its default content's first line as the spec has it; the override comes out unindented",
        "~inheritance: Nested block reindentation":
            "swift-mustache 2.1.1's parser takes a block definition's first-line indentation off every later line, "
            + "the whitespace before the nested `{{$nested}}` tag too, so the nested override comes out unindented",
    ]

    /// Where only the compiled renderer differs from the spec (and from swift-mustache).
    static let compiledOnly: [String: String] = [:]

    /// Suites the compiler refuses, so a site using them renders with swift-mustache.
    static let notCompiled: [String: String] = [
        "~dynamic-names": "`{{>*name}}` names its partial at render time; MustacheParser refuses it"
    ]

    static let mainName = "spec-template-under-test"

    static func parse(_ test: MustacheSpecCase) throws -> [String: MustacheTemplate] {
        var templates = [mainName: try MustacheTemplate(string: test.template)]
        for (name, text) in test.partials { templates[name] = try MustacheTemplate(string: text) }
        return templates
    }

    /// The compiled templates of a case the library accepts, as `TemplateSet` has it.
    static func compile(_ test: MustacheSpecCase) throws -> [String: CompiledTemplate] {
        _ = try parse(test)
        var templates = [mainName: try CompiledTemplate(parsing: test.template)]
        for (name, text) in test.partials { templates[name] = try CompiledTemplate(parsing: text) }
        return templates
    }

    @Test func everySuiteIsRead() throws {
        for suite in MustacheSpecCase.suites {
            #expect(try !MustacheSpecCase.load(suite).isEmpty, "\(suite)")
        }
        #expect(MustacheSpecCase.all.count > 150)
        let ids = Set(MustacheSpecCase.all.map(\.id))
        for listed in Self.library.keys.sorted() + Self.compiledOnly.keys.sorted() {
            #expect(ids.contains(listed), "no spec case \(listed)")
        }
    }

    @Test(arguments: MustacheSpecCase.all)
    func swiftMustache(_ test: MustacheSpecCase) throws {
        let rendered = try? MustacheLibrary(templates: Self.parse(test))
            .render(MustacheSpecCase.context(test.data), withTemplate: Self.mainName)
        check(rendered, test, exception: Self.library[test.id])
    }

    @Test(arguments: MustacheSpecCase.all)
    func compiledRenderer(_ test: MustacheSpecCase) throws {
        let compiled = try? Self.compile(test)
        if let reason = Self.notCompiled[test.suite] {
            #expect(compiled == nil, "\(test.id) compiles now; was not compiled because \(reason)")
            return
        }
        let rendered = compiled.flatMap {
            CompiledRenderer(templates: $0).render(Self.mainName, MustacheSpecCase.context(test.data))
        }
        check(rendered, test, exception: Self.compiledOnly[test.id] ?? Self.library[test.id])
    }

    private func check(_ rendered: String?, _ test: MustacheSpecCase, exception: String?) {
        if let exception {
            #expect(rendered != test.expected, "\(test.id) passes now; it was listed because \(exception)")
        } else {
            #expect(rendered == test.expected, "\(test.id)\ntemplate: \(String(reflecting: test.template))")
        }
    }
}
