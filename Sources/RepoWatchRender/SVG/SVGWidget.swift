import Foundation
import RepoWatchModel
import RepoWatchSupport

/// The widgets as self-contained SVG images, for READMEs: GitHub shows no HTML there and its image
/// proxy blocks anything an SVG would load, so avatars are inlined as data URIs and the SVG refers
/// to nothing outside itself. Drawn from the same `RepoCard`s as the HTML widgets (the same
/// text, states and colours) with the stylesheet's geometry; text positions are computed here,
/// since an SVG has no layout engine, and overlong text is clipped where the HTML ellipsizes it.
package struct SVGWidget {
    package static let width = Double(WidgetFrame.width)
    package static let mediumHeight = Double(WidgetFrame.mediumHeight)
    package static let largeHeight = Double(WidgetFrame.largeHeight)
    /// GitHub's camo proxy and many Markdown hosts refuse bigger images.
    package static let byteLimit = 100_000

    package enum Kind: String {
        case medium, large, double
    }

    package let kind: Kind
    package let palette: SVGPalette
    package let desaturated: Bool
    package let avatars: AvatarDataURIs
    /// Set when a first attempt was too big: every avatar becomes its small placeholder.
    package var placeholdersOnly = false

    package var out = ""
    package var clipCount = 0

    package init(kind: Kind, look: WidgetLook, dark: Bool, avatars: AvatarDataURIs) {
        self.kind = kind
        palette = SVGPalette(look: look, dark: dark)
        desaturated = look.rendering == .desaturated
        self.avatars = avatars
    }

    /// `repos`: one card (medium, large) or two (double).
    package static func render(
        _ kind: Kind, repos: [RepoCard], state: RepoCard.State, look: WidgetLook, dark: Bool, avatars: AvatarDataURIs
    ) -> String {
        var widget = SVGWidget(kind: kind, look: look, dark: dark, avatars: avatars)
        var svg = widget.draw(repos, state: state)
        if svg.utf8.count > byteLimit {
            widget = SVGWidget(kind: kind, look: look, dark: dark, avatars: avatars)
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
            role="img" aria-labelledby="rw-title" xml:lang="\(XMLEscape.xml(repos.first?.strings.formatter.identifier ?? "en"))" data-widget="\(kind.rawValue)" data-repo="\(XMLEscape.xml(names.joined(separator: " ")))" \
            data-state="\(state.rawValue)"><title id="rw-title">\(XMLEscape.xml(summary))</title>\
            <style>text{font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;\
            fill:\(p.text)}.m{fill:\(p.muted)}.b{font-weight:700}.s{font-weight:600}.t{font-variant-numeric:tabular-nums}</style>
            """
        if desaturated {
            out += "<filter id=\"rw-gray\"><feColorMatrix type=\"saturate\" values=\"0\"/></filter>"
        }
        out += "<rect width=\"\(WidgetFrame.width)\" height=\"\(Int(height))\" rx=\"22\" fill=\"\(p.surface)\"/>"
        switch kind {
        case .medium:
            card(repos[0], top: 0, height: Self.mediumHeight)
        case .large:
            card(repos[0], top: 0, height: Self.mediumHeight)
            team(repos[0], top: Self.mediumHeight)
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
    package static func summary(_ repo: RepoCard) -> String {
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

    // MARK: - The card (as card.mustache)

    private mutating func card(_ repo: RepoCard, top: Double, height: Double) {
        let p = palette
        let unavailable = repo.noData
        let days = repo.days

        // The big number on the right decides how wide the main column may be.
        var daysWidth = 40.0
        var daysSize = 64.0
        if !unavailable, let days, !days.missing {
            let display = days.display ?? ""
            daysSize = Self.daysFontSize(digits: days.digits ?? display.count)
            daysWidth = max(
                TextWidth.estimate(display, size: daysSize, bold: true),
                TextWidth.estimate(days.caption, size: 12, bold: true))
        } else if !unavailable {
            daysWidth = max(52, TextWidth.estimate("no pushes", size: 12, bold: true))
        }
        daysWidth = min(daysWidth, (Self.width - 32) * 0.48)
        let mainRight = Self.width - 16 - daysWidth - 10

        // The main column, centred as a block: head (50), gap (12), stats or the error.
        let statLines = unavailable ? [] : statsLayout(repo, maxX: mainRight)
        let errorLines =
            unavailable
            ? TextWidth.wrap(repo.errorDisplay ?? repo.error ?? "", size: 12, width: mainRight - 16, maxLines: 3) : []
        let belowHead =
            unavailable
            ? Double(errorLines.count) * 16.2 : Double(statLines.count) * 16 + Double(max(0, statLines.count - 1)) * 4
        let blockTop = top + (height - (50 + 12 + belowHead)) / 2

        avatar(repo.avatar, x: 16, y: blockTop, size: 50, name: repo.owner)

        // Name and the subtitle line (tags, or the description), clipped to the column.
        let clip = clipRect(x: 76, y: top, width: max(0, mainRight - 76), height: height)
        out += "<g clip-path=\"url(#\(clip))\">"
        let tags = tagList(repo)
        let description = repo.hasTags ? nil : repo.description
        let hasSub = !tags.isEmpty || description != nil
        let nameBaseline = hasSub ? blockTop + 21.5 : blockTop + 31
        out += text(repo.name, x: 76, y: nameBaseline, size: 20, classes: "b")
        if hasSub {
            var x = 76.0
            let lineTop = blockTop + 30.5
            for tag in tags {
                let textWidth = TextWidth.estimate(tag.text, size: 11, bold: true)
                let width = textWidth + 12 + (tag.icon == nil ? 0 : 13)
                let color = tag.bad ? p.bad : p.muted
                if p.accented {
                    out +=
                        "<rect x=\"\(n(x + 0.5))\" y=\"\(n(lineTop + 0.5))\" width=\"\(n(width - 1))\" height=\"15\" "
                    out += "rx=\"6\" fill=\"none\" stroke=\"\(color)\"/>"
                } else {
                    out +=
                        "<rect x=\"\(n(x))\" y=\"\(n(lineTop))\" width=\"\(n(width))\" height=\"16\" rx=\"6\" fill=\"\(p.tag)\"/>"
                }
                var textX = x + 6
                if let icon = tag.icon {
                    out += icon.draw(x: textX, y: lineTop + 3, size: 10, color: color)
                    textX += 13
                }
                out += text(tag.text, x: textX, y: lineTop + 12, size: 11, classes: "s", fill: color)
                x += width + 4
            }
            if let description, tags.isEmpty {
                out += text(description, x: 76, y: lineTop + 12, size: 12, classes: "m")
            }
        }
        out += "</g>"

        let belowTop = blockTop + 62
        if unavailable {
            for (index, line) in errorLines.enumerated() {
                out += text(line, x: 16, y: belowTop + 12 + Double(index) * 16.2, size: 12, classes: "m")
            }
        } else {
            for (index, line) in statLines.enumerated() {
                let lineTop = belowTop + Double(index) * 20
                for item in line { drawStat(item, lineTop: lineTop) }
            }
        }

        // The days column.
        let right = Self.width - 16
        if unavailable {
            let y = top + (height - 40) / 2
            out += SVGIcon.cloudOff.draw(x: right - 40, y: y, size: 40, color: p.muted, opacity: 0.8)
        } else if let days, !days.missing {
            let blockHeight = daysSize + 4 + 15
            let y = top + (height - blockHeight) / 2
            let color = days.hot == true ? p.hot : p.fresh
            let clipDays = clipRect(x: right - daysWidth, y: top, width: daysWidth, height: height)
            out += "<g clip-path=\"url(#\(clipDays))\">"
            out += text(
                days.display ?? "", x: right, y: y + daysSize * 0.8, size: daysSize, classes: "b t",
                fill: color, anchor: "end")
            out += text(
                days.caption, x: right, y: y + daysSize + 16, size: 12, classes: "s m",
                anchor: "end")
            out += "</g>"
        } else if let days {
            let y = top + (height - 63) / 2
            out +=
                "<rect x=\"\(n(right - 52))\" y=\"\(n(y))\" width=\"52\" height=\"44\" rx=\"12\" fill=\"\(p.placeholder)\"/>"
            out += text(days.caption, x: right, y: y + 60, size: 12, classes: "s m", anchor: "end")
        }
    }

    package static func daysFontSize(digits: Int) -> Double {
        switch digits {
        case ...2: return 64
        case 3: return 52
        case 4: return 40
        case 5: return 32
        case 6, 7: return 26
        default: return 19
        }
    }

    private struct Tag {
        var text: String
        var icon: SVGIcon?
        var bad = false
    }

    private func tagList(_ repo: RepoCard) -> [Tag] {
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
