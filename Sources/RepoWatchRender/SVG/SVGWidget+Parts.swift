import Foundation
import RepoWatchSupport

// The stats row, the Top Contributors grid and the small pieces every part draws with.
extension SVGWidget {
    // MARK: - Stats (laid out by StatsRow, as the HTML row)

    package mutating func drawStat(_ item: StatsRow.Item, size: StatsRow.Size, lineTop: Double) {
        var x = 16 + item.x
        if let delta = item.text, item.isDelta {
            out += text(
                delta, x: x, y: Self.baseline(lineTop, size.deltaFont), size: size.deltaFont, classes: "s t",
                fill: deltaColor(item))
            return
        }
        let icon: SVGIcon
        switch item.kind {
        case .stars: icon = .star
        case .forks: icon = .fork
        case .issues: icon = .issue
        case .pulls, .delta: icon = .pull
        }
        out += icon.draw(x: x, y: lineTop + (16 - size.icon) / 2, size: size.icon, color: palette.muted)
        x += size.icon + size.iconGap
        if let value = item.text {
            out += text(value, x: x, y: Self.baseline(lineTop, size.font), size: size.font, classes: "s m t")
        } else {
            out +=
                "<rect x=\"\(n(x))\" y=\"\(n(lineTop + 3))\" width=\"\(n(StatsRow.placeholderWidth))\" height=\"10\" "
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
    package static func baseline(_ lineTop: Double, _ size: Double) -> Double {
        lineTop + (16 - size * 1.164) / 2 + size * 0.928
    }

    // MARK: - Language and release (as large.mustache's .rw-details)

    /// Draws the row under the large card, from 8 px inside the card's padding (as `.rw-details`);
    /// returns how far it pushes Top Contributors down (none without details).
    package mutating func details(_ repo: RepoCard, top: Double) -> Double {
        guard !repo.noData, repo.hasDetails else { return 0 }
        let row = DetailsRow(repo)
        let clipID = clipRect(x: 16, y: top, width: Self.width - 32, height: 16)
        out += "<g clip-path=\"url(#\(clipID))\">"
        let baseline = Self.baseline(top, 12)
        if let language = repo.language {
            let fill = palette.accented ? palette.text : language.color ?? palette.muted
            let gray = desaturated ? " filter=\"url(#rw-gray)\"" : ""
            out += "<circle cx=\"\(n(16 + 5))\" cy=\"\(n(top + 8))\" r=\"4.17\" fill=\"\(fill)\"\(gray)/>"
            let clipName = clipRect(x: 30, y: top, width: row.languageName, height: 16)
            out += "<g clip-path=\"url(#\(clipName))\">"
            out += text(language.name, x: 30, y: baseline, size: 12, classes: "s m") + "</g>"
        }
        if let release = repo.release {
            let x = 16 + row.releaseX
            out += SVGIcon.tag.draw(x: x, y: top + 1.5, size: 13, color: palette.muted)
            let clipTag = clipRect(x: x + 17, y: top, width: row.tag, height: 16)
            out += "<g clip-path=\"url(#\(clipTag))\">"
            out += text(release.tag, x: x + 17, y: baseline, size: 12, classes: "s m") + "</g>"
            if let ago = release.ago {
                out += text("· " + ago, x: x + 17 + row.tag + 3.6, y: baseline, size: 12, classes: "s m")
            }
        }
        out += "</g>"
        return 16 - 8 + 14
    }

    /// Widths in the details row, as its flex items shrink: the language to at most 40 % of the row,
    /// the tag to what the release's date leaves.
    package struct DetailsRow {
        package var languageName = 0.0
        package var releaseX = 0.0
        package var tag = 0.0

        package init(_ repo: RepoCard) {
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

    package mutating func team(_ repo: RepoCard, top: Double) {
        out += text(repo.strings.text("top_contributors"), x: 16, y: top + 12.5, size: 13, classes: "b m")
        let people = repo.contributors
        guard !people.isEmpty else {
            let note = repo.contributorsNote ?? ""
            let center = (top + 24.25 + Self.largeHeight - 36) / 2
            out += text(note, x: Self.width / 2, y: center + 4, size: 13, classes: "m", anchor: "middle")
            return
        }
        let cellWidth = (Self.width - 32 - 12) / 2
        // The title's 16.25 px line and 8 px below it; rows of 56 px, 12 apart (.rw-team__grid).
        let gridTop = top + 24.25
        for (index, person) in people.prefix(4).enumerated() {
            let x = 16 + Double(index % 2) * (cellWidth + 12)
            let y = gridTop + Double(index / 2) * 68
            let login = person.login
            avatar(person.avatar, x: x, y: y + 6, size: 44, name: login)
            let clip = clipRect(x: x + 54, y: y, width: cellWidth - 54, height: 56)
            out += "<g clip-path=\"url(#\(clip))\">"
            out += text(login, x: x + 54, y: y + 25, size: 14, classes: "s")
            out += text(person.display, x: x + 54, y: y + 41, size: 12, classes: "m t")
            out += "</g>"
        }
    }

    // MARK: - Pieces

    package mutating func avatar(_ avatar: RepoCard.Avatar, x: Double, y: Double, size: Double, name: String) {
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

    package mutating func clipRect(x: Double, y: Double, width: Double, height: Double) -> String {
        clipCount += 1
        let id = "rw-c\(clipCount)"
        out +=
            "<clipPath id=\"\(id)\"><rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\"/></clipPath>"
        return id
    }

    package func text(
        _ value: String, x: Double, y: Double, size: Double, classes: String = "", fill: String? = nil,
        anchor: String? = nil
    ) -> String {
        var tag = "<text x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(n(size))\""
        if !classes.isEmpty { tag += " class=\"\(classes)\"" }
        if let fill { tag += " style=\"fill:\(fill)\"" }
        if let anchor { tag += " text-anchor=\"\(anchor)\"" }
        return tag + ">" + XMLEscape.xml(value) + "</text>"
    }

    package func n(_ value: Double) -> String { Sparkline.number(value) }
}
