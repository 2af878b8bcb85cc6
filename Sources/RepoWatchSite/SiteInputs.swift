import Foundation
import RepoWatchConfig
import RepoWatchModel
import RepoWatchOutput
import RepoWatchRender
import RepoWatchSupport

/// The loaded config: site.yml with the command line's overrides, the templates, how to render,
/// "now" and a checked output folder. Everything the user can get wrong is found here, before anything
/// is fetched or written.
package struct SiteInputs: Sendable {
    package var config: SiteConfig
    package var templates: TemplateSet
    /// Search or not, and the string tables (the site's `Templates/locales/` over the
    /// shipped ones), read once here and handed whole to the render.
    package let render: RenderOptions
    package var now: Date
    package var output: URL
    /// Pagefind, when `search: true` and it is installed; nil otherwise (the site has no search).
    package let search: Pagefind?

    package static func load(_ options: BuildOptions, log: any BuildLog) throws -> SiteInputs {
        let siteDirectory = options.configURL.deletingLastPathComponent()
        // The string tables first: site.yml's `locale:` is checked against them.
        let locales = LocaleCatalog.load(siteDirectory: siteDirectory)
        let loaded = try ConfigLoader.load(path: options.configPath, locales: locales)
        var config = loaded.config
        if let baseURL = options.baseURL { config.baseURL = baseURL }
        var templates = try TemplateSet.load(siteDirectory: siteDirectory)
        templates.policy.additions = config.policyAdditions
        // Looked for here, for the render's options; a missing Pagefind is said only once nothing here failed.
        let pagefind =
            config.search ? Pagefind.locate(environment: options.environment, secrets: config.forges.tokenNames) : nil
        let render = try RenderOptions(
            search: (try? pagefind?.get()) != nil, locales: locales)
        let warnings = InputWarnings.collect(config: loaded.warnings, templates: templates, locales: locales)
        if options.strict, !warnings.isEmpty { throw InputWarnings.strictFailure(warnings, writes: true) }
        DiagnosticReporter(log: log, environment: options.environment, configPath: options.configPath)
            .report(warnings)
        let now = try now(options)
        let output = options.outputURL
        try OutputLocation(output: output, protecting: [siteDirectory, options.cacheURL]).check()
        return SiteInputs(
            config: config, templates: templates, render: render, now: now, output: output,
            search: searchTool(pagefind, locale: config.locale, log: log))
    }

    /// Pagefind for `search: true`; without it, one warning and a site without search (not an error:
    /// the gallery is whole without it).
    static func searchTool(
        _ located: Result<Pagefind, Pagefind.Unavailable>?, locale: String, log: any BuildLog
    ) -> Pagefind? {
        switch located {
        case nil: return nil
        case .success(let pagefind):
            if Pagefind.needsWordSplitting(locale), !pagefind.splitsWordsWithoutSpaces {
                log.warning(
                    "search: locale \(locale) has no spaces between words, and only Pagefind's extended build "
                        + "splits such text into words; this one (\(pagefind.executable.path)) finds whole runs of "
                        + "text only. Run `python3 -m pip install pagefind-bin-extended==\(Pagefind.pinnedVersion)` "
                        + "for word search")
            }
            return pagefind
        case .failure(let unavailable):
            log.warning(
                "search: true, but \(unavailable); the site is written without search. Install it with "
                    + "`python3 -m pip install pagefind-bin==\(Pagefind.pinnedVersion)`, or set REPOWATCH_PAGEFIND "
                    + "to its executable")
            return nil
        }
    }

    /// `--now` for tests, else `REPOWATCH_NOW` for reproducible builds, else the clock.
    package static func now(_ options: BuildOptions) throws -> Date {
        if let now = options.now { return now }
        if let text = options.environment["REPOWATCH_NOW"], !text.isEmpty {
            guard let date = ISO8601.parse(text) else { throw UsageError("REPOWATCH_NOW must be an ISO 8601 time") }
            return date
        }
        return Date()
    }
}
