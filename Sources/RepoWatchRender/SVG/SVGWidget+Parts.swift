import Foundation
import RepoWatchSupport

// The stats row, the Top Contributors grid and the small pieces every part draws with.
extension SVGWidget {
    // MARK: - Stats (laid out by StatsRow, as the HTML row)

    mutating func drawStat(_ item: StatsRow.Item, size: StatsRow.Size, lineTop: Double) {
        var x = 16 + item.x
        if let delta = item.text, item.isDelta {
            out += text(
                delta, x: x, y: Self.baseline(lineTop, size.deltaFont), size: size.deltaFont, classes: "s t",
                fill: deltaColor(item), direction: .auto)
            return
        }
        let icon: SVGIcon
        switch item.kind {
        case .stars: icon = .star
        case .forks: icon = .fork
        case .issues: icon = .issue
        case .pulls, .delta: icon = .pull
        }
        out += icon.draw(
            x: mirror(x, width: size.icon), y: lineTop + (16 - size.icon) / 2, size: size.icon, color: palette.muted)
        x += size.icon + size.iconGap
        if let value = item.text {
            out += text(
                value, x: x, y: Self.baseline(lineTop, size.font), size: size.font, classes: "s m t", direction: .auto)
        } else {
            out +=
                "<rect x=\"\(n(mirror(x, width: StatsRow.placeholderWidth)))\" y=\"\(n(lineTop + 3))\" width=\"\(n(StatsRow.placeholderWidth))\" height=\"10\" "
            out += "rx=\"5\" fill=\"\(palette.placeholder)\"/>"
        }
    }

    private func deltaColor(_ item: StatsRow.Item) -> String {
        switch item.sign {
        case .up: return palette.fresh
        case .down: return palette.hot
        case .flat, nil: return palette.muted
        }
    }

    /// Where text of `size` sits on a 16 px line, as the browser centres it (DejaVu's ascent and
    /// descent; other fonts land within a pixel).
    static func baseline(_ lineTop: Double, _ size: Double) -> Double {
        lineTop + (16 - size * 1.164) / 2 + size * 0.928
    }

    // MARK: - Language and release (as large.mustache's .rw-details)

    /// Draws the row under the large card, from 8 px inside the card's padding (as `.rw-details`);
    /// returns how far it pushes Top Contributors down (none without details). The tag and its date
    /// are one text, as in the HTML, so the date follows the tag at a space's width in any font.
    mutating func details(_ repo: RepoCard, top: Double) -> Double {
        guard !repo.noData, repo.hasDetails else { return 0 }
        let row = DetailsRow(repo)
        let baseline = Self.baseline(top, 12)
        if let language = repo.language {
            let fill = palette.accented ? palette.text : language.color ?? palette.muted
            let gray = desaturated ? " filter=\"url(#rw-gray)\"" : ""
            out += "<circle cx=\"\(n(mirror(16 + 5)))\" cy=\"\(n(top + 8))\" r=\"4.17\" fill=\"\(fill)\"\(gray)/>"
            let name = TextWidth.fit(language.name, size: 12, bold: true, width: row.languageName)
            out += text(name, x: 30, y: baseline, size: 12, classes: "s m", direction: .auto)
        }
        if let release = repo.release {
            let x = 16 + row.releaseX
            out += SVGIcon.tag.draw(x: mirror(x, width: 13), y: top + 1.5, size: 13, color: palette.muted)
            let tag = TextWidth.fit(release.tag, size: 12, bold: true, width: row.tag)
            let line = tag + (release.ago.map { " · " + $0 } ?? "")
            out += text(line, x: x + 17, y: baseline, size: 12, classes: "s m")
        }
        return 16 - 8 + 14
    }

    /// Widths in the details row, as its flex items shrink: the language to at most 40 % of the row,
    /// the tag to what the release's date leaves.
    struct DetailsRow {
        var languageName = 0.0
        var releaseX = 0.0
        var tag = 0.0

        init(_ repo: RepoCard) {
            let rowWidth = SVGWidget.width - 32
            if let language = repo.language {
                let name = TextWidth.estimate(language.name, size: 12, bold: true)
                languageName = min(name, rowWidth * 0.4 - 14)
                releaseX = 14 + languageName + 12
            }
            if let release = repo.release {
                let ago = release.ago.map { TextWidth.estimate(" · " + $0, size: 12, bold: true) } ?? 0
                let room = rowWidth - releaseX - 17 - ago
                tag = max(0, min(TextWidth.estimate(release.tag, size: 12, bold: true), room))
            }
        }
    }

    // MARK: - Top Contributors (as large.mustache)

    mutating func team(_ repo: RepoCard, top: Double) {
        // What the ranking counted (Gitea's recent commits) shares the title's line, at its end: the
        // title keeps its own width (up to half the line), the basis the rest.
        let heading = repo.strings.text("top_contributors")
        let line = Self.width - 32
        let titleWidth =
            repo.contributorsBasisShort == nil ? line : min(line / 2, TextWidth.estimate(heading, size: 13, bold: true))
        out += text(
            TextWidth.fit(heading, size: 13, bold: true, width: titleWidth), x: 16, y: top + 12.5, size: 13,
            classes: "b m")
        if let basis = repo.contributorsBasisShort {
            let fitted = TextWidth.fit(basis, size: 10.5, bold: false, width: line - titleWidth - 10)
            out += text(fitted, x: Self.width - 16, y: top + 12.5, size: 10.5, classes: "m", anchor: .end)
        }
        let people = repo.contributors
        guard !people.isEmpty else {
            let note = TextWidth.fit(repo.contributorsNote ?? "", size: 13, bold: false, width: Self.width - 32)
            let center = (top + 24.25 + Self.largeHeight - 36) / 2
            out += text(note, x: Self.width / 2, y: center + 4, size: 13, classes: "m", anchor: .middle)
            return
        }
        let cellWidth = (Self.width - 32 - 12) / 2
        // The title's 16.25 px line and 8 px below it; rows of 56 px, 12 apart (.rw-team__grid).
        let gridTop = top + 24.25
        for (index, person) in people.prefix(4).enumerated() {
            let x = 16 + Double(index % 2) * (cellWidth + 12)
            let y = gridTop + Double(index / 2) * 68
            avatar(person.avatar, x: x, y: y + 6, size: 44, name: person.login)
            let login = TextWidth.fit(person.login, size: 14, bold: true, width: cellWidth - 54)
            out += text(login, x: x + 54, y: y + 25, size: 14, classes: "s", direction: .auto)
            let count = TextWidth.fit(person.display, size: 12, bold: false, width: cellWidth - 54)
            out += text(count, x: x + 54, y: y + 41, size: 12, classes: "m t", direction: .auto)
        }
    }

    // MARK: - Pieces

    mutating func avatar(_ avatar: RepoCard.Avatar, x: Double, y: Double, size: Double, name: String) {
        let x = mirror(x, width: size)
        let radius = size / 2
        let (cx, cy) = (x + radius, y + radius)
        out += "<circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(radius))\" fill=\"\(palette.tag)\"/>"
        let path = avatar.src
        guard !path.isEmpty,
            let uri = placeholdersOnly ? avatars.placeholderURI(for: name) : avatars.dataURI(path, name: name)
        else {
            // The stylesheet's `avatar-none`: a muted person where no image exists.
            out += SVGIcon.person.draw(
                x: x + size * 0.22, y: y + size * 0.22, size: size * 0.56, color: palette.muted, opacity: 0.55)
            return
        }
        clipCount += 1
        let id = "rw-a\(clipCount)"
        out += "<clipPath id=\"\(id)\"><circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(radius))\"/></clipPath>"
        out += "<image x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(size))\" height=\"\(n(size))\" "
        out += "preserveAspectRatio=\"xMidYMid slice\" clip-path=\"url(#\(id))\""
        if desaturated { out += " filter=\"url(#rw-gray)\"" }
        if palette.accented { out += " style=\"mix-blend-mode:luminosity\"" }
        out += " href=\"\(uri)\"/>"
    }

    /// Which edge of its slot a text hangs from, in the left-to-right layout (mirrored with the widget).
    enum Anchor: String {
        case start, middle, end
    }

    /// Whose direction a text takes: the widget's (its own words), or its own first strong character's
    /// (a name, a login, a description: `dir="auto"` in the HTML), so a Latin name keeps its beginning.
    enum Direction {
        case widget, auto
    }

    /// A `<text>` at `x` of the left-to-right layout, mirrored in a right-to-left widget. Its
    /// `text-anchor` is set for the direction it is drawn in (start is the right edge of right-to-left
    /// text), so the text hangs from the same edge of its slot either way.
    func text(
        _ value: String, x: Double, y: Double, size: Double, classes: String = "", fill: String? = nil,
        anchor: Anchor = .start, direction: Direction = .widget
    ) -> String {
        var edge = anchor
        if rtl { edge = edge == .start ? .end : edge == .end ? .start : .middle }
        let rightToLeft = direction == .auto ? TextDirection.isRightToLeft(value) : rtl
        if rightToLeft { edge = edge == .start ? .end : edge == .end ? .start : .middle }
        var tag = "<text x=\"\(n(mirror(x)))\" y=\"\(n(y))\" font-size=\"\(n(size))\""
        if !classes.isEmpty { tag += " class=\"\(classes)\"" }
        if let fill { tag += " style=\"fill:\(fill)\"" }
        if rightToLeft { tag += " direction=\"rtl\"" }
        if edge != .start { tag += " text-anchor=\"\(edge.rawValue)\"" }
        return tag + ">" + XMLEscape.xml(value) + "</text>"
    }

    /// `x` of the left-to-right layout where it is drawn: mirrored across the card in a right-to-left
    /// widget (`width`: of a box whose left edge `x` is, so the box keeps its place).
    func mirror(_ x: Double, width: Double = 0) -> Double {
        rtl ? Self.width - x - width : x
    }

    func n(_ value: Double) -> String { Sparkline.number(value) }
}
