import BuiltinTemplates

/// `.github/workflows/repowatch.yml`: builds the site with real data on a schedule, on push and on
/// demand, and deploys it with GitHub's own Pages actions (no gh-pages branch needed).
package enum PagesWorkflow {
    package static let path = ".github/workflows/repowatch.yml"

    /// The GitHub Action that installs and runs repowatch-site (`action.yml` at this project's root),
    /// and the major version the workflow follows. A fork or a pinned release changes them in the one
    /// `uses:` line that names them.
    package static let actionRepository = "repowatch-site/repowatch-site"
    package static let actionReference = "v1"

    /// GitHub's actions at their current major versions (late 2026).
    package static let checkout = "actions/checkout@v7"
    package static let cache = "actions/cache@v6"
    package static let configurePages = "actions/configure-pages@v6"
    package static let uploadPagesArtifact = "actions/upload-pages-artifact@v5"
    package static let deployPages = "actions/deploy-pages@v5"

    /// Templates/scaffold/pages-workflow.yml with its placeholders filled.
    package static func text(refresh seconds: Double, refreshText: String) -> String {
        fill(
            String(decoding: BuiltinTemplates.pagesWorkflow, as: UTF8.self),
            [
                "cron": CronSchedule.expression(every: seconds), "refresh": refreshText, "checkout": checkout,
                "cache": cache, "configure-pages": configurePages, "action-repository": actionRepository,
                "action-reference": actionReference, "upload-pages-artifact": uploadPagesArtifact,
                "deploy-pages": deployPages,
            ])
    }

    /// Each `<name>` with a value replaced by it, in one pass, so a value is never read as a placeholder.
    package static func fill(_ template: String, _ values: [String: String]) -> String {
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            if let value = values[String(rest[rest.index(after: open)..<close])] {
                result += rest[..<open] + value
                rest = rest[rest.index(after: close)...]
            } else {
                result += rest[...open]
                rest = rest[rest.index(after: open)...]
            }
        }
        return result + rest
    }

}
