import BuiltinTemplates
import Foundation
import Mustache
import RepoWatchModel

/// The templates a site renders with: the built-in ones, each replaceable by a file of the same name
/// in the site's own `Templates/` folder; plus the assets copied to `public/assets/`.
package struct TemplateSet: Sendable {
    package static let requiredNames = [
        "layout", "card", "medium", "large", "double", "widget", "index", "repo", "double-page", "embeds", "404",
        "share", "icons", "search", "insights", "chart", "owner",
    ]

    package let library: MustacheLibrary
    /// The same templates compiled for speed; nil when one uses something only the library renders.
    let compiled: CompiledRenderer?
    /// Why `compiled` is nil: a warning for each template the compiler refuses, naming the tag, which
    /// `build` and `check` print.
    package var compileFallback: [Diagnostic] = []
    /// Path under `assets/` → bytes.
    package let assets: [String: Data]
    /// Which templates came from the site's folder, for `check` and `--verbose`.
    package let overridden: [String]
    /// Stamped on every page the page templates render (`PageKind`); site.yml's `csp:` is added by the build.
    package var policy = ContentSecurityPolicy()
    /// What in the templates the policy blocks (an inline script, a `style` attribute), one warning
    /// each, which `build` and `check` print.
    package var policyWarnings: [Diagnostic] = []

    /// A template's text and the file it came from, for diagnostics.
    private typealias Source = (text: String, file: String)

    /// - Parameter siteDirectory: the folder holding site.yml; its `Templates/` overrides built-ins.
    package static func load(siteDirectory: URL?) throws -> TemplateSet {
        var sources: [String: Source] = [:]
        for (name, bytes) in BuiltinTemplates.templates {
            sources[name] = (String(decoding: bytes, as: UTF8.self), "<built-in>/\(name).mustache")
        }
        var assets: [String: Data] = BuiltinTemplates.assets.mapValues { Data($0) }
        var overridden: [String] = []

        if let siteDirectory {
            let folder = siteDirectory.appendingPathComponent("Templates", isDirectory: true)
            for (file, name, source) in try siteTemplates(in: folder) {
                sources[name] = source
                overridden.append(file)
            }
            for (relative, data) in siteAssets(in: folder) {
                assets[relative] = data
                overridden.append(SiteLayout.asset(relative))
            }
        }

        let (library, parsed) = try parse(sources)
        let (compiledTemplates, fallback) = compile(parsed, sources: sources)
        var audit = TemplateAudit()
        for (_, source) in sources.sorted(by: { $0.key < $1.key }) { audit.scan(source.text, file: source.file) }
        return TemplateSet(
            library: library, compiled: fallback.isEmpty ? CompiledRenderer(templates: compiledTemplates) : nil,
            compileFallback: fallback, assets: assets, overridden: overridden,
            policy: ContentSecurityPolicy(styleHashes: audit.styleHashes), policyWarnings: audit.warnings)
    }

    /// The site's `Templates/*.mustache`, by file name.
    private static func siteTemplates(in folder: URL) throws -> [(file: String, name: String, source: Source)] {
        let templateFiles = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return try templateFiles.sorted().filter { $0.hasSuffix(".mustache") }.map { file in
            let url = folder.appendingPathComponent(file)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                throw DiagnosticsError([
                    Diagnostic(
                        .error, file: "Templates/\(file)", line: 1, column: 1, "cannot read the template as UTF-8")
                ])
            }
            return (file, String(file.dropLast(".mustache".count)), (text, "Templates/\(file)"))
        }
    }

    /// The site's `Templates/assets/`, every file below it by its path there.
    private static func siteAssets(in folder: URL) -> [(path: String, data: Data)] {
        let assetFolder = folder.appendingPathComponent("assets", isDirectory: true)
        guard
            let enumerator = FileManager.default.enumerator(
                at: assetFolder, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        var assets: [(path: String, data: Data)] = []
        for case let url as URL in enumerator {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                let data = try? Data(contentsOf: url)
            else { continue }
            let relative = String(
                url.standardizedFileURL.path.dropFirst(assetFolder.standardizedFileURL.path.count + 1))
            assets.append((relative, data))
        }
        return assets
    }

    /// Every template parsed, or every syntax error at once.
    private static func parse(_ sources: [String: Source]) throws -> (MustacheLibrary, [String: MustacheTemplate]) {
        var library = MustacheLibrary()
        var parsed: [String: MustacheTemplate] = [:]
        var problems: [Diagnostic] = []
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            do {
                let template = try MustacheTemplate(string: source.text)
                library.register(template, named: name)
                parsed[name] = template
            } catch let error as MustacheTemplate.ParserError {
                problems.append(
                    Diagnostic(
                        .error, file: source.file, line: error.context.lineNumber, column: error.context.columnNumber,
                        "template syntax error: \(describe(error.error))"))
            } catch {
                problems.append(Diagnostic(.error, file: source.file, line: 1, column: 1, "template error: \(error)"))
            }
        }
        guard problems.isEmpty else { throw DiagnosticsError(problems) }
        return (library, parsed)
    }

    /// The compiled templates, and a warning for each one the compiler refuses.
    private static func compile(
        _ parsed: [String: MustacheTemplate], sources: [String: Source]
    ) -> ([String: CompiledTemplate], [Diagnostic]) {
        var compiledTemplates: [String: CompiledTemplate] = [:]
        var fallback: [Diagnostic] = []
        for name in parsed.keys.sorted() {
            do { compiledTemplates[name] = try CompiledTemplate(parsing: sources[name]?.text ?? "") } catch {
                fallback.append(
                    Diagnostic(
                        .warning, file: sources[name]?.file ?? name, line: 1, column: 1,
                        "uses \(error), which the compiled renderer does not do, so every template renders with "
                            + "swift-mustache's own renderer (slower)"))
            }
        }
        return (compiledTemplates, fallback)
    }

    private static func describe(_ error: Error) -> String {
        guard let error = error as? MustacheTemplate.Error else { return String(describing: error) }
        switch error {
        case .sectionCloseNameIncorrect: return "a section is closed with a different name than it was opened"
        case .unfinishedName: return "a tag is not closed with }}"
        case .expectedSectionEnd: return "a section is never closed"
        case .invalidSetDelimiter: return "invalid set-delimiter tag"
        default: return String(describing: error)
        }
    }

    /// The same templates rendered by swift-mustache alone, as when one cannot be compiled.
    var libraryOnly: TemplateSet {
        TemplateSet(library: library, compiled: nil, assets: assets, overridden: overridden, policy: policy)
    }

    /// `context`: one of the typed contexts (Render/Pages, Render/Cards), which answer the template
    /// keys through `MustacheParent`.
    /// A page template's output carries the policy of its kind (see `ContentSecurityPolicy.stamp`).
    package func render(_ name: String, _ context: Any) -> String {
        guard let compiled else {
            let html = library.render(context, withTemplate: name) ?? ""
            guard let kind = PageKind(template: name) else { return html }
            return policy.stamp(html, kind: kind)
        }
        guard PageKind(template: name) != nil else { return compiled.render(name, context) ?? "" }
        return String(decoding: file(name, context), as: UTF8.self)
    }

    /// `render` as the bytes of a file: a page is written without being made a `String` first.
    package func file(_ name: String, _ context: Any) -> Data {
        guard let compiled else { return Data(render(name, context).utf8) }
        let bytes = compiled.bytes(name, context) ?? []
        guard let kind = PageKind(template: name) else { return Data(bytes) }
        return policy.stamped(bytes, kind: kind)
    }
}
