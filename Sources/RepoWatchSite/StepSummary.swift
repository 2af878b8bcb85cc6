import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSupport

/// The build's report as Markdown for GitHub Actions' step summary (`$GITHUB_STEP_SUMMARY`): the
/// same numbers as the last lines on stderr, in tables, with the repositories that need a look.
/// Everything that came from GitHub or the network is escaped: it is shown on the run's page.
struct StepSummary {
    let result: BuildResult
    /// Past this many, a list says how many more there are: GitHub caps a step summary's size.
    static let listLimit = 50

    init(result: BuildResult) { self.result = result }

    var markdown: String {
        let scan = RepoScan(result.snapshot.repos, keeping: Self.listLimit)
        // Pending repositories wait for a later build (exit 0), as the build's last lines count them.
        let missing = result.exitCode != 0
        var lines = ["### repowatch-site: site built" + (missing ? ", with repositories missing (exit 1)" : ""), ""]
        if let url = result.baseURL?.absoluteString {
            lines += ["Site: [\(MarkdownEscape.text(url))](<\(url)>)", ""]
        }
        let kind = result.snapshot.sample ? "Sample" : "Fresh"
        let pending = scan.pending.count > 0
        var counts = [result.snapshot.repos.count, scan.fresh, scan.stale.count, scan.unavailable.count]
        if pending { counts.append(scan.pending.count) }
        lines += [
            "| Repositories | \(kind) | Stale | Unavailable |" + (pending ? " Pending |" : "")
                + " Files written | Unchanged | Time |",
            "|---:|---:|---:|---:|" + (pending ? "---:|" : "") + "---:|---:|---:|",
            "| \(counts.map(Formatting.grouped).joined(separator: " | ")) | "
                + "\(cells(result.fileCount - result.unchangedCount, result.unchangedCount)) | "
                + String(format: "%.1f s", result.elapsed) + " |",
            "",
        ]
        lines += requestTable
        for line in result.backfill?.summaryLines ?? [] { lines += [MarkdownEscape.text(line), ""] }
        lines += bullets("Unavailable (no data)", scan.unavailable)
        lines += bullets("Pending (not fetched yet: a later build reaches them)", scan.pending)
        lines += bullets("Stale (last good data shown)", scan.stale)
        lines += bullets(
            "Owners that could not be listed",
            Listed(
                count: result.ownerFailures.count,
                lines: result.ownerFailures.prefix(Self.listLimit).map(MarkdownEscape.text)))
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
        ] + forgeTable
    }

    /// Each other forge's host: its requests and what its quota left.
    private var forgeTable: [String] {
        guard !result.forges.isEmpty else { return [] }
        return ["| Forge | Requests | Cache hits | Quota left |", "|---|---:|---:|---:|"]
            + result.forges.map { forge in
                let host = MarkdownEscape.text("\(forge.host) (\(forge.kind.displayName))")
                let counts = cells(forge.requests.requests, forge.requests.keptAnswers)
                return "| \(host) | \(counts) | \(quota(forge.requests.quotaRemaining, forge.requests.quotaLimit)) |"
            } + [""]
    }

    private func quota(_ remaining: Int?, _ limit: Int?) -> String {
        guard let remaining else { return "—" }
        return Formatting.grouped(remaining) + (limit.map { " of \(Formatting.grouped($0))" } ?? "")
    }

    private func cells(_ numbers: Int...) -> String { numbers.map(Formatting.grouped).joined(separator: " | ") }

    private func bullets(_ title: String, _ listed: Listed) -> [String] {
        guard listed.count > 0 else { return [] }
        var lines = ["**\(title)**", ""] + listed.lines.map { "- " + $0 }
        if listed.count > listed.lines.count {
            lines.append("- … and \(Formatting.grouped(listed.count - listed.lines.count)) more")
        }
        return lines + [""]
    }

    /// A build that stopped before writing anything: why, with each problem where it is.
    static func failure(_ error: any Error, configPath: String) -> String {
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
            lines.append("Error: " + MarkdownEscape.text(ErrorText.describe(error)))
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

/// Some of a list's items, already Markdown, and how many there are in all.
private struct Listed {
    var count = 0
    var lines: [String] = []
}

/// One pass over the repositories, keeping only the first few of each list: an offline build of
/// 10,000 has 10,000 stale ones, and they wait in the spool, not in memory.
private struct RepoScan {
    var fresh = 0
    var stale = Listed()
    var unavailable = Listed()
    var pending = Listed()

    /// In the order the build's last lines count them: pending before anything else.
    init(_ repos: RepoList, keeping limit: Int) {
        for repo in repos {
            if repo.pending {
                pending.count += 1
                if pending.lines.count < limit {
                    pending.lines.append(Self.line(repo, repo.staleness?.description ?? "deferred to a later build"))
                }
            } else if !repo.isAvailable {
                unavailable.count += 1
                if unavailable.lines.count < limit {
                    unavailable.lines.append(Self.line(repo, repo.staleness?.description ?? "no data"))
                }
            } else if repo.stale {
                stale.count += 1
                guard stale.lines.count < limit else { continue }
                let asOf = repo.fetchedAt.map(Formatting.dayAndTime) ?? "an earlier build"
                stale.lines.append(
                    Self.line(repo, (repo.staleness?.description ?? "could not be fetched") + "; data as of " + asOf))
            } else {
                fresh += 1
            }
        }
    }

    /// The name is checked against GitHub's rules (no backtick); the reason may hold anything.
    static func line(_ repo: RepoSnapshot, _ reason: String) -> String {
        "`\(repo.configName)`: " + MarkdownEscape.text(reason)
    }
}
