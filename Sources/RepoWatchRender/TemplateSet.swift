import BuiltinTemplates
import Foundation
import Mustache
import RepoWatchModel

/// The templates a site renders with: the built-in ones, each replaceable by a file of the same name
/// in the site's own `Templates/` folder; plus the assets copied to `public/assets/`.
package struct TemplateSet: Sendable {
    package static let requiredNames = [
        "layout", "card", "medium", "large", "double", "widget", "index", "repo", "404", "share", "search",
    ]

    package let library: MustacheLibrary
    /// The same templates compiled for speed; nil when one uses something only the library renders.
    package let compiled: CompiledRenderer?
    /// Why `compiled` is nil: a warning for each template the compiler refuses, naming the tag, which
    /// `build` and `check` print.
    package var compileFallback: [Diagnostic] = []
    /// Path under `assets/` → bytes.
    package let assets: [String: Data]
    /// Which templates came from the site's folder, for `check` and `--verbose`.
    package let overridden: [String]

    /// - Parameter siteDirectory: the folder holding site.yml; its `Templates/` overrides built-ins.
    package static func load(siteDirectory: URL?) throws -> TemplateSet {
        var sources: [String: (text: String, file: String)] = [:]
        for (name, bytes) in BuiltinTemplates.templates {
            sources[name] = (String(decoding: bytes, as: UTF8.self), "<built-in>/\(name).mustache")
        }
        var assets: [String: Data] = BuiltinTemplates.assets.mapValues { Data($0) }
        var overridden: [String] = []

        if let siteDirectory {
            let folder = siteDirectory.appendingPathComponent("Templates", isDirectory: true)
            let manager = FileManager.default
            let templateFiles = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
            for file in templateFiles.sorted() where file.hasSuffix(".mustache") {
                let name = String(file.dropLast(".mustache".count))
                let url = folder.appendingPathComponent(file)
                guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                    throw DiagnosticsError([
                        Diagnostic(
                            .error, file: "Templates/\(file)", line: 1, column: 1, "cannot read the template as UTF-8")
                    ])
                }
                sources[name] = (text, "Templates/\(file)")
                overridden.append(file)
            }
            let assetFolder = folder.appendingPathComponent("assets", isDirectory: true)
            if let enumerator = manager.enumerator(at: assetFolder, includingPropertiesForKeys: [.isRegularFileKey]) {
                for case let url as URL in enumerator {
                    guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                        let data = try? Data(contentsOf: url)
                    else { continue }
                    let relative = String(
                        url.standardizedFileURL.path.dropFirst(assetFolder.standardizedFileURL.path.count + 1))
                    assets[relative] = data
                    overridden.append(SiteLayout.asset(relative))
                }
            }
        }

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
        var compiledTemplates: [String: CompiledTemplate] = [:]
        var fallback: [Diagnostic] = []
        for (name, template) in parsed.sorted(by: { $0.key < $1.key }) {
            do { compiledTemplates[name] = try CompiledTemplate(template) } catch {
                fallback.append(
                    Diagnostic(
                        .warning, file: sources[name]?.file ?? name, line: 1, column: 1,
                        "uses \(error), which the compiled renderer does not do, so every template renders with "
                            + "swift-mustache's own renderer (slower)"))
            }
        }
        return TemplateSet(
            library: library, compiled: fallback.isEmpty ? CompiledRenderer(templates: compiledTemplates) : nil,
            compileFallback: fallback, assets: assets, overridden: overridden)
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
    package var libraryOnly: TemplateSet {
        TemplateSet(library: library, compiled: nil, assets: assets, overridden: overridden)
    }

    /// `context`: one of the typed contexts (Render/Pages, Render/Cards), which answer the template
    /// keys through `MustacheParent`.
    package func render(_ name: String, _ context: Any) -> String {
        if let compiled { return compiled.render(name, context) ?? "" }
        return library.render(context, withTemplate: name) ?? ""
    }
}
