import Foundation
import RepoWatchSupport

/// The validated contents of `site.yml`.
package struct SiteConfig: Sendable, Equatable {
    package enum Appearance: String, Sendable, CaseIterable { case auto, light, dark }
    package enum WidgetSize: String, Sendable, CaseIterable, Comparable {
        case medium, large
        package static func < (lhs: Self, rhs: Self) -> Bool { lhs == .medium && rhs == .large }
    }

    package struct Widget: Sendable, Equatable {
        package enum Kind: Sendable, Equatable {
            case single(RepoName, sizes: [WidgetSize])
            /// Boxed: the common single widget is then not sized for three strings' worth of double.
            indirect case double(id: String, top: RepoName, bottom: RepoName)
        }
        package var kind: Kind
        /// Markdown shown under the widget on its page.
        package var note: String?
        /// The widget's own `appearance`, `rendering`, `accent` and `numbers`.
        package var look = WidgetLook.Overrides()
        /// The widget's own `locale` (a BCP 47 tag with a string table); nil follows the site's.
        package var locale: String?

        package init(
            kind: Kind, note: String? = nil, look: WidgetLook.Overrides = WidgetLook.Overrides(), locale: String? = nil
        ) {
            self.kind = kind
            self.note = note
            self.look = look
            self.locale = locale
        }
    }

    package var title: String
    package var description: String?
    package var baseURL: URL?
    /// How often the site is rebuilt; drives "next update".
    package var refresh: TimeInterval
    package var appearance: Appearance
    /// Widget defaults (see `WidgetLook`); each widget may override them.
    package var rendering: WidgetLook.Rendering = .fullColor
    package var accent: AccentColor = .systemBlue
    package var numbers: WidgetLook.Numbers = .full
    /// The saved repository list, in the user's order and spelling.
    package var repos: [RepoName]
    package var widgets: WidgetList
    /// The custom domain `publish` writes to CNAME (GitHub Pages), e.g. `watch.example.com`.
    package var cname: String?
    /// `owners:`: whole users and organizations, listed at build time.
    package var owners: [OwnerSource] = []
    /// Widgets' repositories not in `repos:`, for the build to find among the owners' (see `Reference`).
    package var references: [Reference] = []
    /// The configuration file as the user named it (`--config`), for messages that ask for an edit.
    package var file = "site.yml"
    /// Whether site.yml gives `widgets:`; without it the owners' repositories get default widgets too.
    package var hasWidgetList = false
    /// The owners' repositories whose `outputs:` is not `all`, by their positions in `repos`.
    package var outputRanges: [OutputRange] = []
    /// BCP 47 tag for every word, number and date of the site (`LocaleTag`); an unknown one was
    /// warned about and left at English.
    package var locale = "en"
    /// `private:`: whether private repositories may be published (default: left out, with a warning).
    package var privateRepos = PrivateRepos.exclude
    /// `csp:`: sources the site adds to its pages' Content-Security-Policy.
    package var policyAdditions = PolicyAdditions()
    /// `search:`: index the repository pages with Pagefind and add a search page. Off unless asked, so
    /// one site.yml builds the same site on every machine (see docs/search.md).
    package var search = false
    /// `insights:`: the insights page (`insights/index.html`) over the whole site and each owner.
    package var insights = true
    /// `open_data:`: `data/repos.json` with its schema, `data/repos.csv`, and each repository's
    /// `history.csv` and badges.
    package var openData = true
    /// `history: backfill:`: read GitHub's star and fork dates where the token may, so a chart starts
    /// at the repository's creation rather than at the first build (default on).
    package var historyBackfill = true
    /// `charts:`: comparisons of several repositories (`Chart`).
    package var charts: [Chart] = []
    /// `forges:` over the known hosts: where each `HOST/PATH` repository is read from.
    package var forges = Forges()
    /// `notify:`: where `repowatch-site notify` sends the news a build queued (docs/notifications.md).
    package var notify: [NotifyTarget] = []
    /// Where site.yml writes `notify:` (line, column), for `check`'s warning without a `base_url`.
    package var notifyPlace: (line: Int, column: Int)? {
        get { notifyLine.map { ($0, notifyColumn) } }
        set {
            notifyLine = newValue?.line
            notifyColumn = newValue?.column ?? 1
        }
    }
    private var notifyLine: Int?
    private var notifyColumn = 1

    /// Positions in `repos` whose repositories get other files than all (`outputs:`).
    package struct OutputRange: Sendable, Equatable {
        package var positions: Range<Int>
        package var outputs: RepoOutputs
    }

    /// The files the repository at `position` of `repos` gets.
    package func outputs(at position: Int) -> RepoOutputs {
        outputRanges.first { $0.positions.contains(position) }?.outputs ?? .all
    }

    /// The locale a widget is written in: its own, else the site's.
    package func locale(for widget: Widget) -> String { widget.locale ?? locale }

    /// Whether the site lists a repository, or an owner, on another forge than GitHub: then what the
    /// pages say of the whole site names no one forge.
    package var listsOtherForges: Bool { owners.contains { $0.host != nil } || repos.contains { !$0.isGitHub } }

    package init(
        title: String = "Repo Watcher", description: String? = nil, baseURL: URL? = nil,
        refresh: TimeInterval = 12 * 3600, appearance: Appearance = .auto, repos: [RepoName],
        widgets: [Widget]? = nil
    ) {
        self.title = title
        self.description = description
        self.baseURL = baseURL
        self.refresh = refresh
        self.appearance = appearance
        self.repos = repos
        // Without a `widgets:` list every repository gets a single widget in both sizes.
        self.widgets = widgets.map(WidgetList.init) ?? .defaults(of: repos)
    }

    /// The ID of a double widget when site.yml gives none; stable and path-safe since names are validated.
    /// A GitHub name gives `owner-name`; another forge's `HOST/PATH` gives its parts joined by `-`,
    /// its host's dots too (an ID has no dot and no slash).
    package static func derivedDoubleID(top: RepoName, bottom: RepoName) -> String {
        let id = "\(idPart(top))--\(idPart(bottom))".lowercased()
        // Two long names would exceed a file name's 255 bytes: keep a readable start and a hash.
        guard id.utf8.count > 120 else { return id }
        return String(id.prefix(100)) + "-" + SHA256.hex(id).prefix(12)
    }

    private static func idPart(_ name: RepoName) -> String {
        guard let host = name.host else { return "\(name.owner)-\(name.name)" }
        return "\(host)/\(name.path)".map { $0 == "/" || $0 == "." ? "-" : String($0) }.joined()
    }
}

extension SiteConfig {
    /// Parses durations like `12h`, `30m`, `1d`, `90s`, `1h30m`.
    package static func parseDuration(_ text: String) -> TimeInterval? {
        var total: TimeInterval = 0
        var number = ""
        var sawUnit = false
        for character in text.trimmingCharacters(in: .whitespaces) {
            if character.isASCII, character.isNumber {
                number.append(character)
                continue
            }
            guard let value = Double(number) else { return nil }
            switch character {
            case "s": total += value
            case "m": total += value * 60
            case "h": total += value * 3600
            case "d": total += value * 86400
            case "w": total += value * 604800
            default: return nil
            }
            number = ""
            sawUnit = true
        }
        guard number.isEmpty, sawUnit, total > 0 else { return nil }
        return total
    }
}
