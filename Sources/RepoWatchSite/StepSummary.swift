import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSupport

/// The build's report as Markdown for GitHub Actions' step summary (`$GITHUB_STEP_SUMMARY`): the
/// same numbers as the last lines on stderr, in tables, with the repositories that need a look.
/// Everything that came from GitHub or the network is escaped: it is shown on the run's page.
package struct StepSummary {
    package let result: BuildResult
    /// Past this many, a list says how many more there are: a summary is limited to 1 MiB.
    package static let listLimit = 50

    package init(result: BuildResult) { self.result = result }

    package var markdown: String {
        var counts = RepoCounts()
        for repo in result.snapshot.repos { counts.add(repo) }
        let missing = counts.unavailable > 0 || !result.ownerFailures.isEmpty
        var lines = ["### repowatch-site: site built" + (missing ? ", with repositories missing (exit 1)" : ""), ""]
        if let url = result.baseURL?.absoluteString {
            lines += ["Site: [\(MarkdownEscape.text(url))](<\(url)>)", ""]
        }
        let kind = result.snapshot.sample ? "Sample" : "Fresh"
        lines += [
            "| Repositories | \(kind) | Stale | Unavailable | Files written | Unchanged | Time |",
            "|---:|---:|---:|---:|---:|---:|---:|",
            "| \(cells(result.snapshot.repos.count, counts.fresh, counts.stale, counts.unavailable)) | "
                + "\(cells(result.fileCount - result.unchangedCount, result.unchangedCount)) | "
                + String(format: "%.1f s", result.elapsed) + " |",
            "",
        ]
        lines += requestTable
        lines += list("Unavailable (no data)", repos: result.snapshot.repos.filter { !$0.isAvailable }) {
            $0.error ?? "no data"
        }
        lines += list(
            "Stale (last good data shown)", repos: result.snapshot.repos.filter { $0.isAvailable && $0.stale }
        ) {
            ($0.error ?? "could not be fetched") + "; data as of "
                + ($0.fetchedAt.map(Formatting.dayAndTime) ?? "an earlier build")
        }
        lines += bullets("Owners that could not be listed", result.ownerFailures)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Requests, 304s, REST and GraphQL quota: absent for sample builds, which ask nothing.
    private var requestTable: [String] {
        guard let requests = result.requests else { return ["Sample data: no requests were made.", ""] }
        let rest = quota(requests.quotaRemaining, requests.quotaLimit)
        let graphQL: String
        switch result.openCounts?.skipped {
        case .noToken?: graphQL = "not used (no token)"
        case .offline?: graphQL = "not used (offline)"
        case .noEndpoint?: graphQL = "not used (no GraphQL URL)"
        case nil: graphQL = quota(result.openCounts?.remaining, result.openCounts?.limit)
        }
        return [
            "| Requests | Answered 304 (free) | REST quota left | GraphQL quota left |",
            "|---:|---:|---:|---:|",
            "| \(cells(requests.requests, requests.notModified)) | \(rest) | \(graphQL) |",
            "",
        ]
    }

    private func quota(_ remaining: Int?, _ limit: Int?) -> String {
        guard let remaining else { return "—" }
        return Formatting.grouped(remaining) + (limit.map { " of \(Formatting.grouped($0))" } ?? "")
    }

    private func cells(_ numbers: Int...) -> String { numbers.map(Formatting.grouped).joined(separator: " | ") }

    private func list(_ title: String, repos: [RepoSnapshot], reason: (RepoSnapshot) -> String) -> [String] {
        bullets(
            title, repos.prefix(Self.listLimit).map { "`\($0.configName)`: " + MarkdownEscape.text(reason($0)) },
            total: repos.count, escaped: true)
    }

    private func bullets(_ title: String, _ items: [String], total: Int? = nil, escaped: Bool = false) -> [String] {
        guard !items.isEmpty else { return [] }
        let total = total ?? items.count
        var lines = ["**\(title)**", ""]
        lines += items.prefix(Self.listLimit).map { "- " + (escaped ? $0 : MarkdownEscape.text($0)) }
        if total > Self.listLimit { lines.append("- … and \(Formatting.grouped(total - Self.listLimit)) more") }
        return lines + [""]
    }

    /// A build that stopped before writing anything: why, with each problem where it is.
    package static func failure(_ error: any Error, configPath: String) -> String {
        var lines = ["### repowatch-site: site not built", ""]
        if let error = error as? DiagnosticsError {
            let shown = error.diagnostics.prefix(listLimit)
            lines += shown.map { diagnostic in
                "- " + MarkdownEscape.text("\(diagnostic.file):\(diagnostic.line):\(diagnostic.column)") + " "
                    + "\(diagnostic.severity.rawValue): \(MarkdownEscape.text(diagnostic.message))"
            }
            if error.diagnostics.count > listLimit {
                lines.append("- … and \(Formatting.grouped(error.diagnostics.count - listLimit)) more")
            }
            if let note = error.note { lines += ["", MarkdownEscape.text(note)] }
        } else {
            lines.append("Error: " + MarkdownEscape.text(String(describing: error)))
        }
        lines += [
            "",
            "Nothing was written; the previous site, if any, is unchanged. "
                + MarkdownEscape.text("repowatch-site check --config \(configPath)")
                + " finds configuration and template problems without the network.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}

/// One pass over the repositories: an offline build of 10,000 has 10,000 stale ones.
private struct RepoCounts {
    var fresh = 0
    var stale = 0
    var unavailable = 0

    mutating func add(_ repo: RepoSnapshot) {
        if !repo.isAvailable {
            unavailable += 1
        } else if repo.stale {
            stale += 1
        } else {
            fresh += 1
        }
    }
}
