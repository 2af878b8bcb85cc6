import Foundation
import RepoWatchModel

/// Widget fragments (`medium`, `large`, `double`), each rendered once per unit of work and reused on
/// every page of that unit that shows it: the gallery, the repository page and the standalone
/// document differ only in the relative path to the root, which is filled in afterwards. Cards are
/// made on demand and live only as long as their unit, so memory stays flat however many
/// repositories a site has.
struct WidgetFragments: Sendable {
    /// Stands in for `{{root}}` while a fragment is rendered; survives HTML escaping unchanged.
    static let rootMarker = "\u{E000}root\u{E000}"

    /// What a gallery entry or page shows; fragments are cached by it (a string key interpolating
    /// the look went through reflection, a noticeable share of a large build: docs/fast-paths.md).
    enum Spec: Sendable, Hashable {
        case single(RepoName, SiteConfig.WidgetSize, WidgetLook)
        case double(id: String, top: RepoName, bottom: RepoName, WidgetLook)
    }

    /// What one unit of work (one thread) has made: fragments by `Spec`, cards by repository
    /// and `numbers:` style.
    struct Cache {
        var fragments: [Spec: String] = [:]
        var cards: [String: RepoCard] = [:]
    }

    let templates: TemplateSet
    let cards: CardMaker
    let avatars: AvatarDataURIs

    /// The card of `name` with counts shown as `look.numbers` asks, in `look.locale`: made once per unit.
    func card(_ name: RepoName, _ look: WidgetLook, cache: inout Cache) -> RepoCard {
        let key = name.key + "|" + look.numbers.rawValue + "|" + look.locale
        if let card = cache.cards[key] { return card }
        let card = cards.card(name, look.numbers, locale: look.locale)
        cache.cards[key] = card
        return card
    }

    /// The widget as SVG images for READMEs, light and dark, whatever its `appearance`.
    func svgs(_ spec: Spec, cache: inout Cache) -> (light: String, dark: String) {
        let kind: SVGWidget.Kind
        let look: WidgetLook
        let repos: [RepoCard]
        switch spec {
        case .single(let name, let size, let widgetLook):
            kind = size == .medium ? .medium : .large
            look = widgetLook
            repos = [card(name, look, cache: &cache)]
        case .double(_, let top, let bottom, let widgetLook):
            kind = .double
            look = widgetLook
            repos = [card(top, look, cache: &cache), card(bottom, look, cache: &cache)]
        }
        let worst = repos.map(\.state).max() ?? .fresh
        func draw(dark: Bool) -> String {
            SVGWidget.render(kind, repos: repos, state: worst, look: look, dark: dark, avatars: avatars)
        }
        return (draw(dark: false), draw(dark: true))
    }

    func html(_ spec: Spec, root: String, cache: inout Cache) -> String {
        if let cached = cache.fragments[spec] { return Self.fillRoot(cached, with: root) }
        let html = render(spec, cache: &cache)
        cache.fragments[spec] = html
        return Self.fillRoot(html, with: root)
    }

    private func render(_ spec: Spec, cache: inout Cache) -> String {
        switch spec {
        case .single(let name, let size, let look):
            let repo = card(name, look, cache: &cache)
            return templates.render(
                size.rawValue,
                SingleWidgetContext(
                    root: Self.rootMarker, repo: repo,
                    widget: WidgetCard(kind: size.rawValue, state: repo.state, look: look)))
        case .double(let id, let top, let bottom, let look):
            let topCard = card(top, look, cache: &cache)
            let bottomCard = card(bottom, look, cache: &cache)
            return templates.render(
                "double",
                DoubleWidgetContext(
                    root: Self.rootMarker, top: topCard, bottom: bottomCard,
                    widget: WidgetCard(
                        kind: "double", id: id, state: max(topCard.state, bottomCard.state), look: look)))
        }
    }

    private static let markerBytes = Array(rootMarker.utf8)

    /// Replaces every marker with `root`, on UTF-8 bytes: Foundation's `replacingOccurrences` goes
    /// through CoreFoundation on Linux and cost more than rendering.
    static func fillRoot(_ html: String, with root: String) -> String {
        let marker = markerBytes
        let rootBytes = Array(root.utf8)
        var html = html
        return html.withUTF8 { bytes -> String in
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 16 * rootBytes.count)
            var index = 0
            let end = bytes.count
            while index < end {
                if bytes[index] == marker[0], index + marker.count <= end,
                    (1..<marker.count).allSatisfy({ bytes[index + $0] == marker[$0] })
                {
                    output.append(contentsOf: rootBytes)
                    index += marker.count
                } else {
                    output.append(bytes[index])
                    index += 1
                }
            }
            return String(decoding: output, as: UTF8.self)
        }
    }
}

/// Makes the cards of one build from its snapshot and history.
struct CardMaker: Sendable {
    /// Whether the numbers are made up (`--sample`): the cards then say so.
    let sample: Bool
    let history: History
    let strings: LocaleTables
    /// The snapshot's own array (shared, not copied) and where each repository is in it.
    private let repos: RepoList
    let positions: SnapshotPositions
    /// The build's time: what a release's "3 days ago" counts from.
    let now: Date
    /// The site's forges, which say what kind each `HOST/PATH` repository's host is.
    var forges = Forges()

    /// `index`: of the config's repositories, which a build's snapshot holds in the same order.
    init(
        snapshot: Snapshot, sample: Bool, history: History, strings: LocaleTables = LocaleTables(),
        index: RepoIndex
    ) {
        self.sample = sample
        self.history = history
        self.strings = strings
        repos = snapshot.repos
        now = snapshot.generatedAt
        positions = SnapshotPositions(repos, index: index)
    }

    func card(_ name: RepoName, _ numbers: WidgetLook.Numbers, locale: String = "en") -> RepoCard {
        var card = RepoCard(
            positions.position(of: name).map { repos[$0] } ?? .unavailable(name, reason: "not fetched"),
            sample: sample, numbers: numbers,
            strings: strings.table(for: locale), now: now, forge: forges.kind(of: name))
        if !name.isGitHub { card.forge = forges.kind(of: name).rawValue }
        card.addHistory(history.points(for: name), numbers: numbers)
        card.fitStatsRow()
        return card
    }

    /// The repository as fetched, if the snapshot holds it.
    func repo(_ name: RepoName) -> RepoSnapshot? { positions.position(of: name).map { repos[$0] } }

    /// A repository page's card: a widget's, with the stars sparkline.
    func pageCard(_ card: RepoCard, _ name: RepoName) -> RepoCard {
        var card = card
        card.addSparkline(history.points(for: name))
        return card
    }
}
