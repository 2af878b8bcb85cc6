import Foundation
import RepoWatchSupport

// The card, as card.mustache and the stylesheet lay it out: the avatar, name and subtitle beside the
// days number on top, the stats row (or the error) under both, the block centred in the card.
extension SVGWidget {
    /// The big number on the right, sized as `.rw-days` is: the number and its caption, or the
    /// placeholder of a repository never pushed, or the cloud of an unavailable one.
    package struct DaysColumn {
        package var width: Double
        package var height: Double
        package var fontSize = 0.0

        package init(_ repo: RepoCard) {
            if repo.noData {
                (width, height) = (40, 40)
            } else if let days = repo.days, !days.missing {
                let display = days.display ?? ""
                fontSize = SVGWidget.daysFontSize(digits: days.digits ?? display.count)
                width = max(
                    TextWidth.estimate(display, size: fontSize, bold: true),
                    TextWidth.estimate(days.caption, size: 12, bold: true))
                height = fontSize + 4 + 15
            } else {
                width = max(52, TextWidth.estimate(repo.days?.caption ?? "", size: 12, bold: true))
                height = 44 + 4 + 15
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
        let below = repo.noData ? Double(errorLines.count) * 16.2 : lineCount * 16 + max(0, lineCount - 1) * 4
        let topHeight = max(50, days.height)
        let blockTop = top + (height - (topHeight + 12 + below)) / 2

        head(repo, top: blockTop + (topHeight - 50) / 2, right: Self.width - 16 - days.width - 10, clip: (top, height))
        daysColumn(repo, days, top: blockTop + (topHeight - days.height) / 2, clip: (top, height))
        let belowTop = blockTop + topHeight + 12
        for (index, line) in errorLines.enumerated() {
            out += text(line, x: 16, y: belowTop + 12 + Double(index) * 16.2, size: 12, classes: "m")
        }
        for (index, line) in (row?.lines ?? []).enumerated() {
            for item in line { drawStat(item, size: repo.statsSize, lineTop: belowTop + Double(index) * 20) }
        }
    }

    /// The avatar, the name and the subtitle line (tags, or the description), clipped to their column.
    private mutating func head(_ repo: RepoCard, top: Double, right: Double, clip: (top: Double, height: Double)) {
        let p = palette
        avatar(repo.avatar, x: 16, y: top, size: 50, name: repo.owner)
        let clipID = clipRect(x: 76, y: clip.top, width: max(0, right - 76), height: clip.height)
        out += "<g clip-path=\"url(#\(clipID))\">"
        let tags = tagList(repo)
        let description = repo.hasTags ? nil : repo.description
        let hasSub = !tags.isEmpty || description != nil
        out += text(repo.name, x: 76, y: hasSub ? top + 21.5 : top + 31, size: 20, classes: "b")
        let lineTop = top + 30.5
        var x = 76.0
        for tag in tags {
            let textWidth = TextWidth.estimate(tag.text, size: 11, bold: true)
            let width = textWidth + 12 + (tag.icon == nil ? 0 : 13)
            let color = tag.bad ? p.bad : p.muted
            if p.accented {
                out += "<rect x=\"\(n(x + 0.5))\" y=\"\(n(lineTop + 0.5))\" width=\"\(n(width - 1))\" height=\"15\" "
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
        out += "</g>"
    }

    private mutating func daysColumn(
        _ repo: RepoCard, _ column: DaysColumn, top y: Double, clip: (top: Double, height: Double)
    ) {
        let p = palette
        let right = Self.width - 16
        if repo.noData {
            out += SVGIcon.cloudOff.draw(x: right - 40, y: y, size: 40, color: p.muted, opacity: 0.8)
        } else if let days = repo.days, !days.missing {
            let color = days.hot == true ? p.hot : p.fresh
            let clipID = clipRect(x: right - column.width, y: clip.top, width: column.width, height: clip.height)
            out += "<g clip-path=\"url(#\(clipID))\">"
            out += text(
                days.display ?? "", x: right, y: y + column.fontSize * 0.8, size: column.fontSize, classes: "b t",
                fill: color, anchor: "end")
            out += text(days.caption, x: right, y: y + column.fontSize + 16, size: 12, classes: "s m", anchor: "end")
            out += "</g>"
        } else if let days = repo.days {
            out +=
                "<rect x=\"\(n(right - 52))\" y=\"\(n(y))\" width=\"52\" height=\"44\" rx=\"12\" fill=\"\(p.placeholder)\"/>"
            out += text(days.caption, x: right, y: y + 60, size: 12, classes: "s m", anchor: "end")
        }
    }
}
