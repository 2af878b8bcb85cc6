import Foundation
import RepoWatchSupport

// The stats row, the Top Contributors grid and the small pieces every part draws with.
extension SVGWidget {
    // MARK: - Stats

    package struct StatItem {
        package var icon: SVGIcon?
        package var text: String?
        package var placeholder = false
        package var color: String?
        package var x = 0.0
        package var width: Double
    }

    /// The stats row as the flex row lays it out: items 12 apart, wrapping when the column is full.
    package func statsLayout(_ repo: RepoCard, maxX: Double) -> [[StatItem]] {
        var items: [StatItem] = []
        let stats: [(RepoCard.Stat?, SVGIcon, Bool)] = [
            (repo.stars, .star, true), (repo.forks, .fork, false), (repo.issues, .issue, false),
            (repo.pulls, .pull, false),
        ]
        for (stat, icon, isStars) in stats {
            guard let stat else { continue }
            if stat.missing {
                items.append(StatItem(icon: icon, placeholder: true, width: 13 + 4 + 34))
            } else {
                let display = stat.display ?? ""
                items.append(
                    StatItem(icon: icon, text: display, width: 17 + TextWidth.estimate(display, size: 13, bold: true)))
            }
            if isStars, let delta = repo.delta?.stars {
                let display = delta.display
                let color: String
                switch delta.sign {
                case .up: color = palette.fresh
                case .down: color = palette.hot
                case .flat: color = palette.muted
                }
                items.append(
                    StatItem(text: display, color: color, width: TextWidth.estimate(display, size: 12, bold: true)))
            }
        }
        var lines: [[StatItem]] = [[]]
        var x = 16.0
        for var item in items {
            // The delta hugs its count (the stylesheet pulls it 8 px closer than the gap).
            let gap = item.icon == nil ? 4.0 : 12.0
            let start = lines[lines.count - 1].isEmpty ? 16 : x + gap
            if !lines[lines.count - 1].isEmpty, start + item.width > maxX {
                lines.append([])
                x = 16
                item.x = 16
            } else {
                item.x = start
            }
            x = item.x + item.width
            lines[lines.count - 1].append(item)
        }
        return lines.filter { !$0.isEmpty }
    }

    package mutating func drawStat(_ item: StatItem, lineTop: Double) {
        var x = item.x
        if let icon = item.icon {
            out += icon.draw(x: x, y: lineTop + 1.5, size: 13, color: palette.muted)
            x += 17
        }
        if item.placeholder {
            out +=
                "<rect x=\"\(n(x))\" y=\"\(n(lineTop + 3))\" width=\"34\" height=\"10\" rx=\"5\" fill=\"\(palette.placeholder)\"/>"
        } else if let value = item.text {
            if let color = item.color {
                out += text(value, x: x, y: lineTop + 12.5, size: 12, classes: "s t", fill: color)
            } else {
                out += text(value, x: x, y: lineTop + 12.5, size: 13, classes: "s m t")
            }
        }
    }

    // MARK: - Top Contributors (as large.mustache)

    package mutating func team(_ repo: RepoCard, top: Double) {
        out += text(repo.strings.text("top_contributors"), x: 16, y: top + 12.5, size: 13, classes: "b m")
        let people = repo.contributors
        guard !people.isEmpty else {
            let note = repo.contributorsNote ?? ""
            let center = (top + 26 + Self.largeHeight - 36) / 2
            out += text(note, x: Self.width / 2, y: center + 4, size: 13, classes: "m", anchor: "middle")
            return
        }
        let cellWidth = (Self.width - 32 - 12) / 2
        let gridTop = top + 26.25
        for (index, person) in people.prefix(4).enumerated() {
            let x = 16 + Double(index % 2) * (cellWidth + 12)
            let y = gridTop + Double(index / 2) * 72
            let login = person.login
            avatar(person.avatar, x: x, y: y + 8, size: 44, name: login)
            let clip = clipRect(x: x + 54, y: y, width: cellWidth - 54, height: 60)
            out += "<g clip-path=\"url(#\(clip))\">"
            out += text(login, x: x + 54, y: y + 27, size: 14, classes: "s")
            out += text(person.display, x: x + 54, y: y + 43, size: 12, classes: "m t")
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
