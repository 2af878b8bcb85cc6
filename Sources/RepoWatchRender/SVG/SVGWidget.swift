import Foundation
import RepoWatchModel
import RepoWatchSupport

/// The widgets as self-contained SVG images, for READMEs: GitHub shows no HTML there and its image
/// proxy blocks anything an SVG would load, so avatars are inlined as data URIs and the SVG refers
/// to nothing outside itself. Drawn from the same `RepoCard`s as the HTML widgets (the same
/// text, states and colours) with the stylesheet's geometry; text positions are computed here,
/// since an SVG has no layout engine, and overlong text ends in "…" where the HTML ellipsizes it,
/// fitted with `TextWidth`'s conservative table so no viewer's font runs it past its slot. A
/// right-to-left widget is the same layout mirrored, as the HTML's `dir="rtl"` mirrors its flex rows.
struct SVGWidget {
    static let width = Double(WidgetFrame.width)
    static let mediumHeight = Double(WidgetFrame.mediumHeight)
    static let largeHeight = Double(WidgetFrame.largeHeight)
    /// GitHub's camo proxy and many Markdown hosts refuse bigger images.
    static let byteLimit = 100_000
    /// The light widget's hairline edge: GitHub's own border grey, visible on white and on its light page.
    static let edge = "#d0d7de"

    enum Kind: String {
        case medium, large, double
    }

    let kind: Kind
    let palette: SVGPalette
    let desaturated: Bool
    let avatars: AvatarDataURIs
    /// Mirrored: the avatar on the right, the days number on the left, rows from right to left.
    let rtl: Bool
    /// The dark image: it has no edge (a light one has a hairline, so a white page shows where it ends).
    let dark: Bool
    /// Set when a first attempt was too big: every avatar becomes its small placeholder.
    var placeholdersOnly = false

    var out = ""
    var clipCount = 0

    init(kind: Kind, look: WidgetLook, dark: Bool, avatars: AvatarDataURIs, rtl: Bool = false) {
        self.kind = kind
        self.rtl = rtl
        self.dark = dark
        palette = SVGPalette(look: look, dark: dark)
        desaturated = look.rendering == .desaturated
        self.avatars = avatars
    }

    /// `repos`: one card (medium, large) or two (double).
    static func render(
        _ kind: Kind, repos: [RepoCard], state: RepoCard.State, look: WidgetLook, dark: Bool, avatars: AvatarDataURIs
    ) -> String {
        let rtl = repos.first?.strings.isRightToLeft ?? false
        var widget = SVGWidget(kind: kind, look: look, dark: dark, avatars: avatars, rtl: rtl)
        var svg = widget.draw(repos, state: state)
        if svg.utf8.count > byteLimit {
            widget = SVGWidget(kind: kind, look: look, dark: dark, avatars: avatars, rtl: rtl)
            widget.placeholdersOnly = true
            svg = widget.draw(repos, state: state)
        }
        return svg
    }

    private mutating func draw(_ repos: [RepoCard], state: RepoCard.State) -> String {
        let height = kind == .medium ? Self.mediumHeight : Self.largeHeight
        let names = repos.map(\.configName)
        let summary = repos.map(Self.summary).joined(separator: "; ")
        let p = palette
        out.reserveCapacity(8_192)
        out += """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(WidgetFrame.width)" height="\(Int(height))" viewBox="0 0 \(WidgetFrame.width) \(Int(height))" \
            role="img" aria-labelledby="rw-title" xml:lang="\(XMLEscape.xml(repos.first?.strings.formatter.identifier ?? "en"))" data-widget="\(kind.rawValue)" data-repo="\(XMLEscape.xml(names.joined(separator: " ")))"\(forgeAttribute(repos)) \
            data-state="\(state.rawValue)"><title id="rw-title">\(XMLEscape.xml(summary))</title>\
            <style>text{font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;\
            fill:\(p.text)}.m{fill:\(p.muted)}.b{font-weight:700}.s{font-weight:600}.t{font-variant-numeric:tabular-nums}</style>
            """
        if desaturated {
            out += "<filter id=\"rw-gray\"><feColorMatrix type=\"saturate\" values=\"0\"/></filter>"
        }
        if dark {
            out += "<rect width=\"\(WidgetFrame.width)\" height=\"\(Int(height))\" rx=\"22\" fill=\"\(p.surface)\"/>"
        } else {
            out +=
                "<rect x=\".5\" y=\".5\" width=\"\(WidgetFrame.width - 1)\" height=\"\(Int(height) - 1)\" rx=\"21.5\" "
            out += "fill=\"\(p.surface)\" stroke=\"\(SVGWidget.edge)\"/>"
        }
        switch kind {
        case .medium:
            card(repos[0], top: 0, height: Self.mediumHeight)
        case .large:
            card(repos[0], top: 0, height: Self.mediumHeight)
            let detailsHeight = details(repos[0], top: Self.mediumHeight - 8)
            team(repos[0], top: Self.mediumHeight + detailsHeight)
        case .double:
            let half = Self.largeHeight / 2
            for (index, repo) in repos.prefix(2).enumerated() {
                card(repo, top: Double(index) * half, height: half)
            }
            out += "<path d=\"M16 \(half)H313\" stroke=\"\(p.line)\" stroke-width=\"1\"/>"
        }
        out += "</svg>\n"
        return out
    }

    /// The accessible name: what a screen reader says for the whole image.
    /// ` data-forge="gitlab"` when a card is of another forge than GitHub (the kinds, in the cards'
    /// order); nothing for GitHub's, whose images are as they were.
    private func forgeAttribute(_ repos: [RepoCard]) -> String {
        guard repos.contains(where: { $0.forge != nil }) else { return "" }
        return " data-forge=\"\(XMLEscape.xml(repos.map { $0.forge ?? "github" }.joined(separator: " ")))\""
    }

    static func summary(_ repo: RepoCard) -> String {
        var parts = [repo.fullName]
        if repo.noData {
            parts.append(repo.strings.text(repo.state == .pending ? "tag_pending" : "tag_unavailable"))
        } else {
            for label in [
                repo.stars?.label, repo.forks?.label, repo.issues?.label, repo.pulls?.label, repo.days?.label,
            ] {
                if let label { parts.append(label) }
            }
        }
        return parts.joined(separator: ", ")
    }

    static func daysFontSize(digits: Int) -> Double {
        switch digits {
        case ...2: return 64
        case 3: return 52
        case 4: return 40
        case 5: return 32
        case 6, 7: return 26
        default: return 19
        }
    }

    struct Tag {
        var text: String
        var icon: SVGIcon?
        var bad = false
    }

    func tagList(_ repo: RepoCard) -> [Tag] {
        var tags: [Tag] = []
        let words = repo.strings
        if repo.state == .stale { tags.append(Tag(text: repo.asOf ?? "", icon: .clock)) }
        if repo.state == .unavailable { tags.append(Tag(text: words.text("tag_unavailable"), icon: nil, bad: true)) }
        if repo.state == .pending { tags.append(Tag(text: words.text("tag_pending"), icon: .clock)) }
        if repo.state == .sample { tags.append(Tag(text: words.text("tag_sample"), icon: nil)) }
        if repo.archived { tags.append(Tag(text: words.text("tag_archived"), icon: .archive)) }
        return tags
    }
}
