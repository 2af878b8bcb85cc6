import BuiltinTemplates
import Foundation
import RepoWatchModel

/// `.github/workflows/repowatch.yml`: builds the site with real data on a schedule, on push and on
/// demand, and deploys it with GitHub's own Pages actions (no gh-pages branch needed).
package enum PagesWorkflow {
    package static let path = ".github/workflows/repowatch.yml"

    /// The GitHub Action that installs and runs repowatch-site (`action.yml` at this project's root),
    /// and the major version the workflow follows. A fork or a pinned release changes them in the one
    /// `uses:` line that names them.
    static let actionRepository = "repowatch-site/repowatch-site"
    static let actionReference = "v1"

    /// GitHub's actions at their current major versions (late 2026).
    package static let checkout = "actions/checkout@v7"
    package static let cache = "actions/cache@v6"
    static let configurePages = "actions/configure-pages@v6"
    static let uploadPagesArtifact = "actions/upload-pages-artifact@v5"
    static let deployPages = "actions/deploy-pages@v5"
    static let uploadArtifact = "actions/upload-artifact@v7"
    static let downloadArtifact = "actions/download-artifact@v8"
    static let cacheRestore = "actions/cache/restore@v6"
    static let cacheSave = "actions/cache/save@v6"

    /// Templates/scaffold/pages-workflow.yml with its placeholders filled.
    /// - Parameter notify: the variables holding the `notify:` targets' webhook URLs (site.yml's
    ///   `url_env`); with any, the workflow sends the notifications after the deploy.
    package static func text(refresh seconds: Double, refreshText: String, notify: [String] = []) -> String {
        var values = [
            "cron": CronSchedule.expression(every: seconds), "refresh": refreshText, "checkout": checkout,
            "cache": cache, "configure-pages": configurePages, "action-repository": actionRepository,
            "action-reference": actionReference, "upload-pages-artifact": uploadPagesArtifact,
            "deploy-pages": deployPages, "notify-outputs": "", "notify-restore": "", "notify-upload": "",
            "notify-job": "",
        ]
        if !notify.isEmpty {
            // The parts name actions by placeholders too: filled first, so the template is read once
            // and no value is ever read as a placeholder.
            let actions = values.merging(NotifyJob.actions) { $1 }
            values.merge(NotifyJob.parts(variables: notify).mapValues { fill($0, actions) }) { $1 }
        }
        return fill(String(decoding: BuiltinTemplates.pagesWorkflow, as: UTF8.self), values)
    }

    /// `refresh` as site.yml would say it: `6h`, `30m`, `2d`.
    package static func refreshText(_ seconds: Double) -> String {
        let whole = Int(seconds)
        if whole > 0, whole % 86_400 == 0 { return "\(whole / 86_400)d" }
        if whole > 0, whole % 3600 == 0 { return "\(whole / 3600)h" }
        if whole > 0, whole % 60 == 0 { return "\(whole / 60)m" }
        return "\(whole)s"
    }

    /// The first `- cron: "…"` of a workflow's `schedule:`, with its line and column (1-based).
    package static func schedule(in workflow: String) -> (cron: String, line: Int, column: Int)? {
        for (index, line) in workflow.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("- cron:") else { continue }
            var value = trimmed.dropFirst("- cron:".count).drop { $0 == " " }
            if let hash = value.firstIndex(of: "#") { value = value[..<hash] }
            let cron = value.trimmingCharacters(in: .whitespaces).trimmingCharacters(
                in: CharacterSet(charactersIn: "\"'"))
            return (cron, index + 1, line.count - trimmed.count + 1)
        }
        return nil
    }

    /// A warning when the workflow beside site.yml runs on another schedule than `refresh` asks: the
    /// site's "next update" would then be wrong. Nil without a workflow or a schedule in it.
    package static func scheduleDrift(workflow: String, file: String, refresh seconds: Double) -> Diagnostic? {
        guard let schedule = schedule(in: workflow) else { return nil }
        let expected = CronSchedule.expression(every: seconds)
        guard schedule.cron != expected else { return nil }
        return Diagnostic(
            .warning, file: file, line: schedule.line, column: schedule.column,
            "the workflow runs on \"\(schedule.cron)\", but site.yml's refresh (\(refreshText(seconds))) asks for "
                + "\"\(expected)\"; `repowatch-site init --workflow` rewrites the workflow from site.yml")
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
