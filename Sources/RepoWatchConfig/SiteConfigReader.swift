import Foundation
import RepoWatchModel
import RepoWatchSupport
import Yams

/// Reads site.yml's YAML node tree into a `SiteConfig`, collecting every error and warning with its
/// position.
struct SiteConfigReader {
    let file: String
    var errors: [Diagnostic] = []
    var warnings: [Diagnostic] = []
    /// Set once `owners:` is read: widgets may then name repositories that are not in `repos:`.
    var owners: [OwnerSource] = []
    /// `owners:` has entries, valid or not (so a bad one does not also report a missing `repos:`).
    var ownersGiven = false
    var references: [SiteConfig.Reference] = []
    /// Where each `repos:` entry is, for suggestions that point at it.
    var repoEntries = RepoEntries()
    /// Widgets that named a repository `repos:` lacks, a slip away from one it has.
    var misses: [Miss] = []
    /// site.yml's lines, for what the node tree no longer shows (a list item's indentation).
    var lines: [Substring] = []
    /// `forges:` once read: where a pasted address's project path ends depends on what its host runs.
    var forges = Forges()

    /// The string tables `locale:` may name; nil: not checked (a command that renders nothing).
    let locales: LocaleCatalog?

    init(file: String, locales: LocaleCatalog?) {
        self.file = file
        self.locales = locales
    }

    static let siteKeys: Set = [
        "title", "description", "base_url", "refresh", "appearance", "repos", "widgets", "cname",
        "rendering", "accent", "numbers", "owners", "locale",
        "private", "csp", "search", "insights", "open_data", "history", "charts", "notify",
        "forges",
    ]
    static let widgetKeys: Set = [
        "kind", "repo", "sizes", "note", "top", "bottom", "id", "appearance", "rendering", "accent", "numbers",
        "locale",
    ]

    func diagnostic(_ severity: Diagnostic.Severity, at node: Node?, _ message: String) -> Diagnostic {
        let mark = node?.mark
        return Diagnostic(severity, file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, message)
    }

    mutating func error(_ node: Node?, _ message: String) {
        errors.append(diagnostic(.error, at: node, message))
    }
    mutating func warning(_ node: Node?, _ message: String) {
        warnings.append(diagnostic(.warning, at: node, message))
    }

    mutating func siteConfig(from mapping: Node.Mapping, root: Node) -> SiteConfig? {
        var fields: [String: Node] = [:]
        for (key, value) in mapping {
            guard let name = key.string else {
                error(key, "keys must be plain words")
                continue
            }
            if Self.siteKeys.contains(name) {
                fields[name] = value
            } else {
                warning(key, "unknown key '\(name)' is ignored\(suggestion(for: name, in: Self.siteKeys))")
            }
        }

        let title = fields["title"].flatMap { string($0, key: "title") } ?? "Repo Watcher"
        let description = fields["description"].flatMap { string($0, key: "description") }
        let baseURL = fields["base_url"].flatMap { parseBaseURL($0) }
        let refresh = fields["refresh"].flatMap { parseRefresh($0) } ?? 12 * 3600
        let appearance = fields["appearance"].flatMap { parseAppearance($0) } ?? .auto
        let cname = fields["cname"].flatMap { parseCNAME($0) }
        let widgetDefaults = lookOverrides(fields, keys: ["rendering", "accent", "numbers"])
        let locale = fields["locale"].flatMap { parseLocale($0) }
        let privateRepos = fields["private"].flatMap { parsePrivate($0) }
        let policyAdditions = fields["csp"].map { parsePolicyAdditions($0) } ?? PolicyAdditions()

        forges = fields["forges"].map { parseForges($0) } ?? Forges()
        owners = fields["owners"].map { ownerList($0, forges: forges) } ?? []
        let repos: [RepoName]
        if let reposNode = fields["repos"], !(hasOwners && reposNode.isNull) {
            repos = repoList(reposNode, forges: forges)
        } else if hasOwners {
            repos = []
        } else {
            error(root, "missing `repos:`; list at least one repository as OWNER/NAME (or give `owners:`)")
            return nil
        }
        guard !repos.isEmpty || hasOwners else { return nil }
        let widgets = fields["widgets"].map { widgetList($0, repos: repos) }
        let charts = fields["charts"].map { chartList($0, repos: repos) } ?? []
        var config = SiteConfig(
            title: title, description: description, baseURL: baseURL, refresh: refresh,
            appearance: appearance, repos: repos, widgets: widgets)
        config.cname = cname
        config.owners = owners
        config.references = references
        config.hasWidgetList = widgets != nil
        config.file = file
        config.locale = locale ?? config.locale
        config.setWidgetDefaults(widgetDefaults)
        config.privateRepos = privateRepos ?? .exclude
        config.policyAdditions = policyAdditions
        config.search = fields["search"].flatMap { flag($0, key: "search") } ?? false
        config.insights = fields["insights"].flatMap { flag($0, key: "insights") } ?? true
        config.openData = fields["open_data"].flatMap { flag($0, key: "open_data") } ?? true
        config.historyBackfill = fields["history"].flatMap { parseHistory($0) } ?? true
        config.charts = charts
        config.forges = forges
        readNotify(mapping, into: &config)
        return config
    }

    mutating func string(_ node: Node, key: String) -> String? {
        guard case .scalar(let scalar) = node else {
            error(node, "`\(key)` must be text")
            return nil
        }
        // `title: ~`, `title: null` and `title:` mean "not set", not the text "~" or "null".
        if scalar.style == .plain, ["", "~", "null", "Null", "NULL"].contains(scalar.string) { return nil }
        return scalar.string
    }

    mutating func parseBaseURL(_ node: Node) -> URL? {
        guard let text = string(node, key: "base_url") else { return nil }
        guard let url = SafeURL.base(text) else {
            error(node, "`base_url` must be an http(s) URL like https://me.github.io/watch/")
            return nil
        }
        return url
    }

    /// GitHub Pages wants a bare host name in CNAME; a URL there silently breaks the custom domain.
    mutating func parseCNAME(_ node: Node) -> String? {
        guard let text = string(node, key: "cname") else { return nil }
        let host = text.trimmingCharacters(in: .whitespaces).lowercased()
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        let valid =
            labels.count >= 2 && host.count <= 253
            && labels.allSatisfy { label in
                (1...63).contains(label.count) && label.first != "-" && label.last != "-"
                    && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            }
        guard valid else {
            error(
                node, "`cname` must be a domain name like watch.example.com, without https:// or a path (got '\(text)')"
            )
            return nil
        }
        return host
    }

    mutating func lookOverrides(_ fields: [String: Node], keys: [String]) -> WidgetLook.Overrides {
        var look = WidgetLook.Overrides()
        for key in keys {
            guard let node = fields[key] else { continue }
            // Here a null is a mistake, not "unset": an unquoted `accent: #FF9500` is a YAML comment.
            var text = string(node, key: key)
            if text == nil, case .scalar = node { text = "" }
            guard let text else { continue }
            if let problem = look.set(key, to: text) { error(node, problem) }
        }
        return look
    }

    mutating func parseRefresh(_ node: Node) -> TimeInterval? {
        guard let text = string(node, key: "refresh") else { return nil }
        guard let seconds = SiteConfig.parseDuration(text) else {
            error(node, "`refresh` must be a duration like 12h, 30m or 1d (got '\(text)')")
            return nil
        }
        if seconds < 300 { warning(node, "`refresh` below 5m spends API quota quickly") }
        let step = RefreshStep(every: seconds)
        if seconds >= 300, step.seconds != seconds {
            warning(
                node,
                "`refresh: \(text)` becomes a scheduled build \(step.description) in the workflow `init` writes: "
                    + "a schedule repeats only steps that divide an hour or a day; write the step you want")
        }
        return seconds
    }

    /// An unknown locale is a warning, not an error: the site is still built, in English.
    mutating func parseLocale(_ node: Node) -> String? {
        guard let text = string(node, key: "locale")?.trimmingCharacters(in: .whitespaces) else { return nil }
        guard LocaleTag.isWellFormed(text) else {
            warning(node, "`locale` '\(text)' is not a BCP 47 language tag like ko or pt-BR; English is used")
            return nil
        }
        let tag = LocaleTag.canonical(text)
        guard let locales else { return tag }
        guard LocaleTag.table(for: tag, among: locales.names) != nil else {
            warning(
                node,
                "unknown locale '\(text)'; English is used (shipped: \(locales.shipped.joined(separator: ", ")); "
                    + "a site may add Templates/locales/\(tag).json)"
                    + (Self.isLanguage(tag) ? "" : Suggestion.didYouMean(text, among: locales.names)))
            return nil
        }
        return tag
    }

    /// A real language (`he`, Hebrew) is not a slip for one a letter away (`de`): only a tag that
    /// names no language (`jp`) gets a suggestion.
    static func isLanguage(_ tag: String) -> Bool {
        let language = tag.split(separator: "-").first.map(String.init) ?? tag
        return Locale.LanguageCode(language.lowercased()).isISOLanguage
    }

    mutating func parseAppearance(_ node: Node) -> SiteConfig.Appearance? {
        guard let text = string(node, key: "appearance") else { return nil }
        guard let value = SiteConfig.Appearance(rawValue: text) else {
            error(
                node, Suggestion.choiceProblem("appearance", SiteConfig.Appearance.allCases.map(\.rawValue), got: text))
            return nil
        }
        return value
    }

    /// `repos:`, each entry on GitHub or on a forge the site can read (`forges`).
    mutating func repoList(_ node: Node, forges: Forges) -> [RepoName] {
        guard case .sequence(let sequence) = node else {
            error(node, "`repos` must be a list of OWNER/NAME entries")
            return []
        }
        checkForges(sequence, forges: forges)
        repoEntries.items = sequence
        var repos: [RepoName] = []
        // Where in the sequence each name is: a repeated name's error points at both.
        var items: [Int32] = []
        repos.reserveCapacity(sequence.count)
        items.reserveCapacity(sequence.count)
        var spellings = SharedOwners()
        // Each item's error (one at most), by item, so that they read in the file's order.
        let firstError = errors.count
        var erring: [Int] = []
        for (number, item) in zip(sequence.indices, sequence) {
            if let merged = mergedItems(item) {
                // Read as the items they were meant to be, so the widgets naming them do not fail too.
                for name in merged.compactMap({ RepoName.parse($0).value }) {
                    repos.append(spellings.sharing(name))
                    items.append(Int32(number))
                }
                erring.append(number)
                continue
            }
            guard let repo = repoName(item, what: "repository").map({ spellings.sharing($0) }) else {
                if errors.count > firstError + erring.count { erring.append(number) }
                continue
            }
            repos.append(repo)
            items.append(Int32(number))
        }
        // Repeated names are found by position (`RepoIndex` names the first of equal ones): a
        // dictionary of every name's key grew with the site, while the YAML tree is alive.
        let index = RepoIndex(repos)
        let repeated = repos.indices.filter { index.position(of: repos[$0]) != $0 }
        for position in repeated {
            let first = sequence[Int(items[index.position(of: repos[position])!])]
            let line = first.mark.map { " (first at line \($0.line))" } ?? ""
            error(
                sequence[Int(items[position])],
                "\(repos[position]) is listed twice\(line); names are compared case-insensitively")
            erring.append(Int(items[position]))
        }
        if !repeated.isEmpty {
            repos = repos.indices.filter { index.position(of: repos[$0]) == $0 }.map { repos[$0] }
            let ordered = zip(erring, errors[firstError...]).sorted { $0.0 < $1.0 }.map(\.1)
            errors.replaceSubrange(firstError..., with: ordered)
        }
        if sequence.isEmpty, !hasOwners {
            error(node, "`repos` is empty; list at least one repository as OWNER/NAME (or give `owners:`)")
        }
        return repos
    }

    mutating func repoName(_ node: Node, what: String) -> RepoName? {
        guard case .scalar(let scalar) = node else {
            error(node, "each \(what) must be written as OWNER/NAME")
            return nil
        }
        switch RepoName.parse(scalar.string.trimmingCharacters(in: .whitespaces), forges: forges) {
        case .success(let repo): return repo
        case .failure(let problem):
            error(node, problem.description)
            return nil
        }
    }

    func suggestion(for key: String, in known: Set<String>) -> String {
        // Sorted: a Set's order changes from run to run, and so would the suggestion.
        Suggestion.didYouMean(key, among: known.sorted())
    }
}
