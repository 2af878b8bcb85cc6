import Foundation
import RepoWatchModel
import RepoWatchSupport

/// `data/repos.json` and `data/repos.csv` (`open_data: true`): every published repository's current
/// numbers, state, release, language and contributors, one record a repository in the site's order.
/// Stable for scripts: a new field raises nothing, a changed or removed one raises `schema`. Written a
/// batch of repositories at a time, so a site of 100,000 never holds the whole file.
package struct RepoRecords: Sendable {
    package static let schemaVersion = 1

    package let snapshot: Snapshot
    /// Which files a repository has (`outputs:`): a card alone has no page to link.
    package let outputs: @Sendable (RepoName) -> RepoOutputs
    /// The site's forges, when it lists a project on another forge than GitHub: the records are then
    /// schema 2 (`forge` and `host` on every entry; for another forge, `name` is the site.yml name).
    /// Nil: a GitHub-only site, whose files are what they were.
    package var forges: Forges?

    package init(snapshot: Snapshot, outputs: @escaping @Sendable (RepoName) -> RepoOutputs = { _ in .all }) {
        self.snapshot = snapshot
        self.outputs = outputs
    }

    private static let batch = 256

    /// Pieces of the document, in order, each a batch of repositories.
    private func write(
        header: String, footer: String, separator: String, to sink: (Data) throws -> Void,
        record: @escaping @Sendable (RepoSnapshot) -> String
    ) throws {
        try sink(Data(header.utf8))
        let repos = snapshot.repos
        for start in stride(from: 0, to: repos.count, by: Self.batch) {
            let pieces = try Parallel.map(start..<min(start + Self.batch, repos.count)) { index in
                (index == 0 ? "" : separator) + record(repos[index])
            }
            try sink(Data(pieces.joined().utf8))
        }
        try sink(Data(footer.utf8))
    }

    /// `data/repos.json`: `{"schema":1,"generated_at":…,"sample":…,"repos":[…]}`, a repository a line.
    package func writeJSON(to sink: (Data) throws -> Void) throws {
        var header = JSONText()
        header.raw("{")
        header.key("schema", first: true)
        header.number(forges == nil ? Self.schemaVersion : Self.schemaVersion + 1)
        header.key("generated_at")
        header.string(Formatting.iso(snapshot.generatedAt))
        header.key("sample")
        header.bool(snapshot.sample)
        header.key("repos")
        header.raw("[\n")
        let sample = snapshot.sample
        let outputs = outputs
        let forges = forges
        try write(header: header.text, footer: "\n]}\n", separator: ",\n", to: sink) { repo in
            Self.json(repo, sample: sample, outputs: outputs, forges: forges)
        }
    }

    /// The repository's page, relative to the site's root; nil for a card alone (`outputs: card`).
    static func page(of repo: RepoSnapshot, outputs: (RepoName) -> RepoOutputs) -> String? {
        guard let name = RepoName.parse(repo.configName).value, outputs(name) != .card else { return nil }
        return SiteLayout.repoFolder(name)
    }

    /// A record's forge and host: GitHub's for `OWNER/NAME`.
    static func forge(of repo: RepoSnapshot, _ forges: Forges) -> (kind: ForgeKind, host: String) {
        guard let name = RepoName.parse(repo.configName).value, let host = name.host else {
            return (.github, "github.com")
        }
        return (forges.kind(of: name), host)
    }

    private static func json(
        _ repo: RepoSnapshot, sample: Bool, outputs: (RepoName) -> RepoOutputs, forges: Forges?
    ) -> String {
        var out = JSONText()
        out.raw("{")
        out.key("name", first: true)
        if let forges {
            let (kind, host) = forge(of: repo, forges)
            out.string(kind == .github ? repo.fullName ?? repo.configName : repo.configName)
            out.key("forge")
            out.string(kind.rawValue)
            out.key("host")
            out.string(host)
        } else {
            out.string(repo.fullName ?? repo.configName)
        }
        out.key("config_name")
        out.string(repo.configName)
        out.key("html_url")
        out.string(SafeURL.http(repo.htmlURL))
        out.key("page")
        out.string(page(of: repo, outputs: outputs))
        out.key("source")
        out.string((repo.source ?? .repos).description)
        out.key("state")
        out.string(repo.dataState(sample: sample).rawValue)
        out.key("description")
        out.string(repo.description)
        out.key("stars")
        out.number(repo.stars)
        out.key("forks")
        out.number(repo.forks)
        out.key("open_issues")
        out.number(repo.openIssues)
        out.key("open_pulls")
        out.number(repo.openPulls)
        out.key("open_issues_include_pulls")
        out.bool(repo.openIssuesIncludePulls)
        out.key("has_issues")
        out.bool(repo.hasIssues)
        out.key("archived")
        out.bool(repo.archived)
        out.key("pushed_at")
        out.string(repo.pushedAt.map(Formatting.iso))
        out.key("days_since_push")
        out.number(repo.daysSincePush)
        details(of: repo, into: &out)
        out.key("fetched_at")
        out.string(repo.fetchedAt.map(Formatting.iso))
        out.key("error")
        out.string(repo.staleness?.description)
        out.raw("}")
        return out.text
    }

    /// The release, language, topics and contributors of a record.
    private static func details(of repo: RepoSnapshot, into out: inout JSONText) {
        out.key("release")
        if let release = repo.release {
            out.raw("{")
            out.key("tag", first: true)
            out.string(release.tag)
            out.key("published_at")
            out.string(release.publishedAt.map(Formatting.iso))
            out.raw("}")
        } else {
            out.raw("null")
        }
        out.key("language")
        if let language = repo.language {
            out.raw("{")
            out.key("name", first: true)
            out.string(language.name)
            out.key("color")
            out.string(language.color)
            out.raw("}")
        } else {
            out.raw("null")
        }
        out.key("topics")
        out.raw("[")
        for (index, topic) in repo.topics.enumerated() {
            if index > 0 { out.raw(",") }
            out.string(topic)
        }
        out.raw("]")
        out.key("contributors")
        out.raw("[")
        for (index, person) in repo.contributors.enumerated() {
            if index > 0 { out.raw(",") }
            out.raw("{")
            out.key("login", first: true)
            out.string(person.login)
            out.key("contributions")
            out.number(person.contributions)
            out.raw("}")
        }
        out.raw("]")
    }

    /// The columns of `data/repos.csv`, in order.
    static let csvColumns = [
        "name", "config_name", "html_url", "page", "source", "state", "stars", "forks", "open_issues", "open_pulls",
        "open_issues_include_pulls", "has_issues", "archived", "pushed_at", "days_since_push", "release_tag",
        "release_published_at", "language", "language_color", "topics", "contributors", "top_contributor",
        "fetched_at", "description",
    ]

    /// `data/repos.csv`: RFC 4180 (CRLF line ends, every field quoted where it must be), a header row.
    package func writeCSV(to sink: (Data) throws -> Void) throws {
        let sample = snapshot.sample
        let outputs = outputs
        let forges = forges
        let columns = forges == nil ? Self.csvColumns : Self.csvColumns + ["forge", "host"]
        let header = columns.joined(separator: ",") + "\r\n"
        try write(header: header, footer: "", separator: "", to: sink) { repo in
            guard let forges else { return Self.csvRow(repo, sample: sample, outputs: outputs) }
            let (kind, host) = Self.forge(of: repo, forges)
            // Another forge's name is the site.yml name, as in repos.json; the forge and host last.
            var row = Self.csvRow(repo, sample: sample, outputs: outputs).dropLast(2)
            if kind != .github, let full = repo.fullName, full != repo.configName, row.hasPrefix(CSVField.text(full)) {
                row = CSVField.text(repo.configName) + row.dropFirst(CSVField.text(full).count)
            }
            return row + "," + kind.rawValue + "," + CSVField.text(host) + "\r\n"
        }
    }

    private static func csvRow(_ repo: RepoSnapshot, sample: Bool, outputs: (RepoName) -> RepoOutputs) -> String {
        func number(_ value: Int?) -> String { value.map(String.init) ?? "" }
        func bool(_ value: Bool?) -> String { value.map { $0 ? "true" : "false" } ?? "" }
        let fields: [String] = [
            CSVField.text(repo.fullName ?? repo.configName), CSVField.text(repo.configName),
            CSVField.text(SafeURL.http(repo.htmlURL) ?? ""), page(of: repo, outputs: outputs) ?? "",
            CSVField.text((repo.source ?? .repos).description), repo.dataState(sample: sample).rawValue,
            number(repo.stars), number(repo.forks), number(repo.openIssues), number(repo.openPulls),
            bool(repo.openIssuesIncludePulls), bool(repo.hasIssues), bool(repo.archived),
            repo.pushedAt.map(Formatting.iso) ?? "", number(repo.daysSincePush),
            CSVField.text(repo.release?.tag ?? ""), repo.release?.publishedAt.map(Formatting.iso) ?? "",
            CSVField.text(repo.language?.name ?? ""), repo.language?.color ?? "",
            CSVField.text(repo.topics.joined(separator: " ")), String(repo.contributors.count),
            CSVField.text(repo.contributors.first?.login ?? ""), repo.fetchedAt.map(Formatting.iso) ?? "",
            CSVField.text(repo.description ?? ""),
        ]
        return fields.joined(separator: ",") + "\r\n"
    }
}

/// One field of a CSV file (RFC 4180): quoted when it holds a quote, a line break or a separator a
/// spreadsheet may split on (`,`, `;`, a tab), its quotes doubled.
///
/// A spreadsheet runs a cell as a formula when it starts with `=`, `+`, `-`, `@`, a tab or a carriage
/// return (OWASP's list). One that splits on another separator than this file's (`;` in many
/// European locales, a tab) does not honour the quotes of a field it does not see start, so a cell
/// may begin after any `,`, `;`, tab or line break inside a field, not only at its start. Wherever one
/// could begin with a trigger (spaces and quotes before it included), a `'` goes first, as OWASP
/// advises: the cell is then text, whichever separator the spreadsheet splits on.
enum CSVField {
    static func text(_ value: String) -> String {
        let inert = neutralised(value)
        guard inert.unicodeScalars.contains(where: { $0 == "\"" || separators.contains($0) }) else { return inert }
        return "\"" + inert.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Where a spreadsheet may end one cell and start the next.
    static let separators: Set<Unicode.Scalar> = [",", ";", "\t", "\r", "\n"]
    /// What makes a cell a formula when it starts with it.
    static let triggers: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    private static func neutralised(_ value: String) -> String {
        let scalars = value.unicodeScalars
        // Most text starts no cell but the field's: it goes as it is.
        guard startsFormula(scalars[...]) || scalars.contains(where: separators.contains) else { return value }
        var out = String.UnicodeScalarView()
        var cellStart = true
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if cellStart, startsFormula(scalars[index...]) { out.append("'") }
            out.append(scalar)
            cellStart = separators.contains(scalar)
            index = scalars.index(after: index)
        }
        return String(out)
    }

    /// Whether a cell starting here would be a formula: its first character past spaces and quotes
    /// is a trigger.
    private static func startsFormula(_ rest: Substring.UnicodeScalarView) -> Bool {
        guard let first = rest.first(where: { $0 != " " && $0 != "\"" }) else { return false }
        return triggers.contains(first)
    }
}
