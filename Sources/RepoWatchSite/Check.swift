import Foundation
import RepoWatchConfig
import RepoWatchModel
import RepoWatchRender
import RepoWatchSupport

/// `repowatch-site check`: the configuration and every template, validated without the network.
public struct Check: Sendable {
    public let configPath: String

    public init(configPath: String) { self.configPath = configPath }

    /// Throws every error found in site.yml and the templates together, so one run shows them all.
    public func run() throws -> String {
        let directory = URL(fileURLWithPath: configPath).standardizedFileURL.deletingLastPathComponent()
        var problems: [Diagnostic] = []
        var loaded: ConfigLoader.Result?
        var templates: TemplateSet?
        var locales: LocaleCatalog?
        do { loaded = try ConfigLoader.load(path: configPath) } catch let error as DiagnosticsError {
            problems += error.diagnostics
        }
        do { templates = try TemplateSet.load(siteDirectory: directory) } catch let error as DiagnosticsError {
            problems += error.diagnostics
        }
        do { locales = try LocaleCatalog.load(siteDirectory: directory) } catch let error as DiagnosticsError {
            problems += error.diagnostics
        }
        guard let loaded, let templates, let locales, problems.isEmpty else { throw DiagnosticsError(problems) }

        var lines = (loaded.warnings + templates.compileFallback + locales.warnings).map(\.description)
        lines += unusedTemplateNames(templates).map {
            Diagnostic(
                .warning, file: "Templates/\($0)", line: 1, column: 1,
                "no built-in template has this name, so it overrides nothing (it can still be a partial); "
                    + "built-in names: \(TemplateSet.requiredNames.sorted().joined(separator: ", "))"
            ).description
        }
        lines += searchReport(loaded.config)
        let overrides = templates.overridden.isEmpty ? "" : " (\(templates.overridden.count) from Templates/)"
        let config = loaded.config
        // Which repositories the owners give, and so their default widgets, only a build can tell.
        let owners =
            config.owners.isEmpty
            ? "" : " and \(Formatting.plural(config.owners.count, "owner", "owners")) (listed at build time)"
        let widgets = config.hasWidgetList || config.owners.isEmpty ? config.widgets.count : nil
        lines.append(
            "\(configPath): \(Formatting.plural(config.repos.count, "repository", "repositories"))\(owners), "
                + (widgets.map { Formatting.plural($0, "widget", "widgets") } ?? "a widget per repository") + "; "
                + "templates OK\(overrides)")
        return lines.joined(separator: "\n")
    }

    /// `search: true` needs Pagefind where the site is built: say which one a build here would use.
    package func searchReport(
        _ config: SiteConfig, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> [String] {
        guard config.search else { return [] }
        switch Pagefind.locate(environment: environment) {
        case .success(let pagefind):
            return ["search: Pagefind \(pagefind.version) (\(pagefind.executable.path))"]
        case .failure(let unavailable):
            return ["warning: search: true, but \(unavailable); a build here is written without search"]
        }
    }

    /// A misspelt override (`cards.mustache`) would silently change nothing.
    package func unusedTemplateNames(_ templates: TemplateSet) -> [String] {
        templates.overridden.filter { file in
            file.hasSuffix(".mustache") && !TemplateSet.requiredNames.contains(String(file.dropLast(".mustache".count)))
        }
    }
}
