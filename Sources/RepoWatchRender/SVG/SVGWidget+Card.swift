import Foundation
import RepoWatchSupport

// The card, as card.mustache and the stylesheet lay it out: the avatar, name and subtitle beside the
// days number on top, the stats row (or the error) under both, the block centred in the card.
extension SVGWidget {
    /// The big number on the right, sized as `.rw-days` is: the number and its caption, or the
    /// placeholder of a repository never pushed, or the cloud of an unavailable one, centred in a slot
    /// of one height whatever the digits, so the stats rows of cards side by side line up.
    struct DaysColumn {
        static let height = 83.0
        var width: Double
        var height: Double { Self.height }
        /// What is drawn, centred in the slot.
        var contentHeight: Double
        var fontSize = 0.0

        init(_ repo: RepoCard) {
            if repo.noData {
                (width, contentHeight) = (40, 40)
            } else if let days = repo.days, !days.missing {
                let display = days.display ?? ""
                fontSize = SVGWidget.daysFontSize(digits: days.digits ?? display.count)
                width = max(
                    TextWidth.estimate(display, size: fontSize, bold: true),
                    TextWidth.estimate(days.caption, size: 12, bold: true))
                contentHeight = fontSize + 4 + 15
            } else {
                width = max(52, TextWidth.estimate(repo.days?.caption ?? "", size: 12, bold: true))
                contentHeight = 44 + 4 + 15
            }
            width = min(width, (SVGWidget.width - 32) * 0.48)
        }
    }

    mutating func card(_ repo: RepoCard, top: Double, height: Double) {
        let days = DaysColumn(repo)
        let row = repo.noData ? nil : StatsRow(repo, size: repo.statsSize)
        let errorLines =
            repo.noData
            ? TextWidth.wrap(repo.errorDisplay ?? repo.error ?? "", size: 12, width: Self.width - 32, maxLines: 3) : []
        let lineCount = Double(row?.lines.count ?? 0)
        let statsHeight = lineCount * 16 + max(0, lineCount - 1) * 4
        // The parts its forge shows to members only: a 14 px line 4 px under the stats (`.rw-absent`).
        let absent = repo.noData || !repo.hasMembersOnly ? nil : Self.membersOnlyLine(repo)
        let below = repo.noData ? Double(errorLines.count) * 16.2 : statsHeight + (absent == nil ? 0 : 4 + 14)
        let topHeight = max(50, days.height)
        let blockTop = top + (height - (topHeight + 12 + below)) / 2

        head(repo, top: blockTop + (topHeight - 50) / 2, right: Self.width - 16 - days.width - 10)
        daysColumn(repo, days, top: blockTop + (topHeight - days.contentHeight) / 2)
        let belowTop = blockTop + topHeight + 12
        for (index, line) in errorLines.enumerated() {
            out += text(
                line, x: 16, y: belowTop + 12 + Double(index) * 16.2, size: 12, classes: "m", direction: .auto)
        }
        for (index, line) in (row?.lines ?? []).enumerated() {
            for item in line { drawStat(item, size: repo.statsSize, lineTop: belowTop + Double(index) * 20) }
        }
        if let absent {
            let keys = repo.membersOnly.map(\.key).joined(separator: " ")
            let line = TextWidth.fit(absent, size: 11, bold: false, width: Self.width - 32)
            // `baseline` centres on a 16 px line: this one is 14 px, a pixel less above.
            out += "<g data-absent=\"\(keys)\">"
            out += text(line, x: 16, y: Self.baseline(belowTop + statsHeight + 4 - 1, 11), size: 11, classes: "m")
            out += "</g>"
        }
    }

    /// "Members only: merge requests · releases", as the HTML card's line reads.
    static func membersOnlyLine(_ repo: RepoCard) -> String {
        ([repo.membersOnlyLead ?? ""] + [repo.membersOnly.map(\.name).joined(separator: " · ")])
            .joined(separator: " ")
    }

    /// The avatar, the name and the subtitle line (tags, or the description), each fitted to the column.
    private mutating func head(_ repo: RepoCard, top: Double, right: Double) {
        let p = palette
        avatar(repo.avatar, x: 16, y: top, size: 50, name: repo.owner)
        let column = max(0, right - 76)
        let tags = tagList(repo)
        let description = repo.hasTags ? nil : repo.description
        let hasSub = !tags.isEmpty || description != nil
        let name = TextWidth.fit(repo.name, size: 20, bold: true, width: column)
        out += text(name, x: 76, y: hasSub ? top + 21.5 : top + 31, size: 20, classes: "b", direction: .auto)
        let lineTop = top + 30.5
        var x = 76.0
        for tag in tags {
            // `.rw-tag`: 6 px either side, the icon 10 px and 3 px from the text.
            let iconWidth = tag.icon == nil ? 0.0 : 13
            let label = TextWidth.fit(tag.text, size: 11, bold: true, width: right - x - 12 - iconWidth)
            guard !label.isEmpty else { break }
            let width = TextWidth.estimate(label, size: 11, bold: true) + 12 + iconWidth
            let color = tag.bad ? p.bad : p.muted
            if p.accented {
                out += "<rect x=\"\(n(mirror(x + 0.5, width: width - 1)))\" y=\"\(n(lineTop + 0.5))\" "
                out += "width=\"\(n(width - 1))\" height=\"15\" rx=\"6\" fill=\"none\" stroke=\"\(color)\"/>"
            } else {
                out += "<rect x=\"\(n(mirror(x, width: width)))\" y=\"\(n(lineTop))\" width=\"\(n(width))\" "
                out += "height=\"16\" rx=\"6\" fill=\"\(p.tag)\"/>"
            }
            var textX = x + 6
            if let icon = tag.icon {
                out += icon.draw(x: mirror(textX, width: 10), y: lineTop + 3, size: 10, color: color)
                textX += 13
            }
            // Centred in what the pill leaves it: where a viewer's font is narrower than the table,
            // the room to spare is shared by both sides, as the HTML's equal padding is.
            let middle = (textX + x + width - 6) / 2
            out += text(label, x: middle, y: lineTop + 12, size: 11, classes: "s", fill: color, anchor: .middle)
            x += width + 4
        }
        if let description, tags.isEmpty {
            let line = TextWidth.fit(description, size: 12, bold: false, width: column)
            out += text(line, x: 76, y: lineTop + 12, size: 12, classes: "m", direction: .auto)
        }
    }

    private mutating func daysColumn(_ repo: RepoCard, _ column: DaysColumn, top y: Double) {
        let p = palette
        let right = Self.width - 16
        if repo.noData {
            out += SVGIcon.cloudOff.draw(x: mirror(right - 40, width: 40), y: y, size: 40, color: p.muted, opacity: 0.8)
        } else if let days = repo.days, !days.missing {
            let color = days.hot == true ? p.hot : p.fresh
            let number = TextWidth.fit(days.display ?? "", size: column.fontSize, bold: true, width: column.width)
            out += text(
                number, x: right, y: y + column.fontSize * 0.8, size: column.fontSize, classes: "b t",
                fill: color, anchor: .end, direction: .auto)
            let caption = TextWidth.fit(days.caption, size: 12, bold: true, width: column.width)
            out += text(caption, x: right, y: y + column.fontSize + 16, size: 12, classes: "s m", anchor: .end)
        } else if let days = repo.days {
            out += "<rect x=\"\(n(mirror(right - 52, width: 52)))\" y=\"\(n(y))\" width=\"52\" height=\"44\" rx=\"12\" "
            out += "fill=\"\(p.placeholder)\"/>"
            let caption = TextWidth.fit(days.caption, size: 12, bold: true, width: column.width)
            out += text(caption, x: right, y: y + 60, size: 12, classes: "s m", anchor: .end)
        }
    }
}
