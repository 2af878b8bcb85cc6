import Foundation
import RepoWatchConfig
import RepoWatchModel
import RepoWatchRender
import RepoWatchSupport

/// `repowatch-site check`: the configuration and every template, validated without the network.
package struct Check: Sendable {
    package let configPath: String
    /// `--strict`: warnings fail the check as errors do.
    package var strict: Bool
    /// More warnings about the loaded site from stages the check does not know (the command adds the
    /// Pages workflow's schedule), held to `strict` like the others.
    package var moreWarnings: @Sendable (SiteConfig, URL) -> [Diagnostic] = { _, _ in [] }

    package init(configPath: String, strict: Bool = false) {
        self.configPath = configPath
        self.strict = strict
    }

    /// What a passing check found: its warnings (for stderr) and a one-line summary (for stdout).
    package struct Report: Sendable {
        package var warnings: [Diagnostic]
        package var summary: String
    }

    /// Throws every error found in site.yml and the templates together, so one run shows them all.
    package func run() throws -> Report {
        let directory = URL(fileURLWithPath: configPath).standardizedFileURL.deletingLastPathComponent()
        var problems: [Diagnostic] = []
        var loaded: ConfigLoader.LoadedConfig?
        var templates: TemplateSet?
        // The string tables first: site.yml's `locale:` is checked against them; a table that cannot be
        // read is listed with site.yml's and the templates' errors.
        let locales = LocaleCatalog.load(siteDirectory: directory)
        do { loaded = try ConfigLoader.load(path: configPath, locales: locales) } catch let error as DiagnosticsError {
            problems += error.diagnostics
        }
        do { templates = try TemplateSet.load(siteDirectory: directory) } catch let error as DiagnosticsError {
            problems += error.diagnostics
        }
        problems += locales.problems
        guard let loaded, let templates, problems.isEmpty else { throw DiagnosticsError(problems) }

        let warnings =
            InputWarnings.collect(config: loaded.warnings, templates: templates, locales: locales)
            + Self.notifyWarnings(loaded.config) + moreWarnings(loaded.config, directory)
        if strict, !warnings.isEmpty { throw InputWarnings.strictFailure(warnings, writes: false) }
        let summary = ([summary(loaded.config, templates: templates)] + searchReport(loaded.config))
        return Report(warnings: warnings, summary: summary.joined(separator: "\n"))
    }

    /// "site.yml: 3 repositories, 4 widgets; templates OK (1 from Templates/)".
    package func summary(_ config: SiteConfig, templates: TemplateSet) -> String {
        let overrides = templates.overridden.isEmpty ? "" : " (\(templates.overridden.count) from Templates/)"
        // Which repositories the owners give, and so their default widgets, only a build can tell.
        let owners =
            config.owners.isEmpty
            ? "" : " and \(Formatting.plural(config.owners.count, "owner", "owners")) (listed at build time)"
        let widgets = config.hasWidgetList || config.owners.isEmpty ? config.widgets.count : nil
        return "\(configPath): \(Formatting.plural(config.repos.count, "repository", "repositories"))\(owners), "
            + (widgets.map { Formatting.plural($0, "widget", "widgets") } ?? "a widget per repository") + "; "
            + "templates OK\(overrides)"
    }

    /// Messages link to the published pages: without `base_url`, `notify` needs `--base-url` each run.
    static func notifyWarnings(_ config: SiteConfig) -> [Diagnostic] {
        guard config.baseURL == nil, let place = config.notifyPlace else { return [] }
        return [
            Diagnostic(
                .warning, file: config.file, line: place.line, column: place.column,
                "`notify` messages link to the published site, and site.yml has no base_url: set base_url, or "
                    + "`repowatch-site notify` needs --base-url (the workflow `init` writes passes it)")
        ]
    }

    /// `search: true` needs Pagefind where the site is built: say which one a build here would use.
    /// Not an input warning (`--strict` ignores it): it is about this machine, not site.yml.
    func searchReport(
        _ config: SiteConfig, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> [String] {
        guard config.search else { return [] }
        switch Pagefind.locate(environment: environment, secrets: config.forges.tokenNames) {
        case .success(let pagefind):
            return ["search: Pagefind \(pagefind.version) (\(pagefind.executable.path))"]
        case .failure(let unavailable):
            return ["warning: search: true, but \(unavailable); a build here is written without search"]
        }
    }
}
