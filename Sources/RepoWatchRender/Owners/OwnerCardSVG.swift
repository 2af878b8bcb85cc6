import Foundation
import RepoWatchModel
import RepoWatchSupport

/// An owner's two cards as self-contained SVG images (`owners/LOGIN/stats.svg`, `languages.svg`,
/// light and dark), drawn in the widgets' family: their palette, corner, font stack and text fitting
/// (`TextWidth`), the avatar inlined. A right-to-left locale mirrors the layout. What the card cannot
/// know is left out, never drawn as zero; its `<desc>` says which repositories were counted.
struct OwnerCardSVG {
    static let width = 360.0
    static let rowHeight = 24.0
    /// A line saying what the forge does not give.
    static let absentHeight = 20.0
    static let padding = 20.0
    /// GitHub's camo proxy and many Markdown hosts refuse bigger images.
    static let byteLimit = SVGWidget.byteLimit

    let card: OwnerCardText
    let palette: SVGPalette
    let rtl: Bool
    let avatars: AvatarDataURIs
    var out = ""

    init(card: OwnerCardText, look: WidgetLook, dark: Bool, avatars: AvatarDataURIs) {
        self.card = card
        palette = SVGPalette(look: look, dark: dark)
        rtl = card.strings.isRightToLeft
        self.avatars = avatars
    }

    static func stats(_ card: OwnerCardText, look: WidgetLook, dark: Bool, avatars: AvatarDataURIs) -> String {
        var drawing = OwnerCardSVG(card: card, look: look, dark: dark, avatars: avatars)
        let svg = drawing.drawStats(placeholder: false)
        guard svg.utf8.count > byteLimit else { return svg }
        drawing = OwnerCardSVG(card: card, look: look, dark: dark, avatars: avatars)
        return drawing.drawStats(placeholder: true)
    }

    static func languages(_ card: OwnerCardText, look: WidgetLook, dark: Bool, avatars: AvatarDataURIs) -> String {
        var drawing = OwnerCardSVG(card: card, look: look, dark: dark, avatars: avatars)
        return drawing.drawLanguages()
    }

    /// The cards' heights, for the image and the `<img>` that shows it.
    static func statsHeight(_ card: OwnerCardText) -> Int {
        let rows = Double(card.statsRows.count)
        var height: Double = 76 + rows * rowHeight + 12 + Double(card.absent.count) * absentHeight
        if let contributions = card.contributionRows {
            let more = Double(contributions.count)
            height += 40 + more * rowHeight
        }
        return Int(height.rounded(.up))
    }

    static func languagesHeight(_ card: OwnerCardText) -> Int {
        let shares = card.card.languages.count
        let legendRows = Double((shares + 1) / 2)
        let body: Double = shares == 0 ? 24 : 22 + legendRows * 22
        return Int((76 + body + 28).rounded(.up))
    }

    // MARK: - The stats card

    private mutating func drawStats(placeholder: Bool) -> String {
        let rows = card.statsRows
        open(kind: "stats", height: Self.statsHeight(card), title: card.statsTitle)
        avatar(x: Self.padding, y: 18, size: 40, placeholder: placeholder)
        heading(x: 70, width: Self.width - 70 - Self.padding)
        var y = 76.0
        for row in rows {
            statRow(row, y: y)
            y += Self.rowHeight
        }
        for fact in card.absent {
            out += "<g data-absent=\"\(fact.key)\">"
            let line = TextWidth.fit(
                "\(fact.label): \(fact.words)", size: 12, bold: false, width: Self.width - 2 * Self.padding)
            out += text(line, x: Self.padding, y: y + 14, size: 12, classes: "m")
            out += "</g>"
            y += Self.absentHeight
        }
        if let contributions = card.contributionRows {
            y += 12
            out +=
                "<path d=\"M\(n(Self.padding)) \(n(y))H\(n(Self.width - Self.padding))\" stroke=\"\(palette.line)\"/>"
            y += 8
            let caption = TextWidth.fit(card.lastYear, size: 12, bold: true, width: Self.width - 2 * Self.padding)
            out += text(caption, x: Self.padding, y: y + 10, size: 12, classes: "s m")
            y += 20
            for row in contributions {
                statRow(row, y: y)
                y += Self.rowHeight
            }
        }
        return close()
    }

    private mutating func statRow(_ row: OwnerCardText.Row, y: Double) {
        let valueWidth = TextWidth.estimate(row.value, size: 14, bold: true)
        let labelWidth = Self.width - 2 * Self.padding - valueWidth - 12
        out += "<g data-stat=\"\(row.key)\" data-value=\"\(row.number)\">"
        out += text(
            TextWidth.fit(row.label, size: 14, bold: false, width: labelWidth), x: Self.padding, y: y + 16, size: 14,
            classes: "m")
        out += text(row.value, x: Self.width - Self.padding, y: y + 16, size: 14, classes: "b t", anchor: .end)
        out += "</g>"
    }

    // MARK: - The languages card

    private mutating func drawLanguages() -> String {
        let shares = card.card.languages
        let rows = (shares.count + 1) / 2
        open(kind: "languages", height: Self.languagesHeight(card), title: card.languagesTitle)
        let titleWidth = Self.width - 2 * Self.padding
        out += text(
            TextWidth.fit(card.languagesHeading, size: 16, bold: true, width: titleWidth), x: Self.padding, y: 38,
            size: 16, classes: "b")
        out += text(
            TextWidth.fit(card.measureLine, size: 12, bold: false, width: titleWidth), x: Self.padding, y: 58,
            size: 12, classes: "m")
        var y = 76.0
        if shares.isEmpty {
            out += text(card.noLanguages, x: Self.padding, y: y + 14, size: 13, classes: "m")
            y += 24
        } else {
            // The bar: one piece per share, in order from the reading edge.
            let barWidth = Self.width - 2 * Self.padding
            out +=
                "<clipPath id=\"rw-bar\"><rect x=\"\(n(Self.padding))\" y=\"\(n(y))\" width=\"\(n(barWidth))\" height=\"10\" rx=\"5\"/></clipPath>"
            out += "<g clip-path=\"url(#rw-bar)\">"
            var x = Self.padding
            for share in shares {
                let width = barWidth * share.share / 100
                out += "<rect x=\"\(n(mirror(x, width: width)))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"10\" "
                out += "fill=\"\(fill(share))\"/>"
                x += width
            }
            out += "</g>"
            y += 22
            // The legend: names beside their shares, two columns, so colour is never the only key.
            let column = (Self.width - 2 * Self.padding) / 2
            for (index, share) in shares.enumerated() {
                let left = Self.padding + Double(index % 2) * column
                let top = y + Double(index / 2) * 22
                out += "<g data-language=\"\(XMLEscape.xml(share.name))\" data-share=\"\(n(share.share))\">"
                out += "<circle cx=\"\(n(mirror(left + 5)))\" cy=\"\(n(top + 8))\" r=\"5\" fill=\"\(fill(share))\"/>"
                let percent = card.percent(share.share)
                let percentWidth = TextWidth.estimate(percent, size: 12, bold: true)
                let name = TextWidth.fit(
                    card.languageName(share), size: 12, bold: false, width: column - 16 - percentWidth - 10)
                out += text(name, x: left + 16, y: top + 12, size: 12, direction: .auto)
                out += text(percent, x: left + column - 8, y: top + 12, size: 12, classes: "b t m", anchor: .end)
                out += "</g>"
            }
            y += Double(rows) * 22
        }
        footer(y: y + 14)
        return close()
    }

    private func fill(_ share: LanguageShare) -> String {
        if palette.accented { return palette.text }
        return share.color ?? palette.muted
    }

    // MARK: - Pieces

    private mutating func open(kind: String, height: Int, title: String) {
        let p = palette
        let width = Int(Self.width)
        let tall = height
        out += """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(tall)" viewBox="0 0 \(width) \(tall)" \
            role="img" aria-labelledby="rw-title rw-desc" xml:lang="\(XMLEscape.xml(card.strings.formatter.identifier))" \
            data-card="\(kind)" data-owner="\(XMLEscape.xml(card.card.owner.lowercased()))" data-state="\(card.state.rawValue)">\
            <title id="rw-title">\(XMLEscape.xml(title))</title><desc id="rw-desc">\(XMLEscape.xml(card.rule))</desc>\
            <style>text{font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;\
            fill:\(p.text)}.m{fill:\(p.muted)}.b{font-weight:700}.s{font-weight:600}.t{font-variant-numeric:tabular-nums}</style>\
            <rect width="\(width)" height="\(tall)" rx="22" fill="\(p.surface)"/>
            """
    }

    private mutating func close() -> String {
        out += "</svg>\n"
        return out
    }

    private mutating func heading(x: Double, width: Double) {
        let title = TextWidth.fit(card.displayName, size: 18, bold: true, width: width)
        out += text(title, x: x, y: 36, size: 18, classes: "b", direction: .auto)
        var line = card.handle
        if let tag = card.stateTag { line += " · " + tag }
        out += text(TextWidth.fit(line, size: 12, bold: false, width: width), x: x, y: 55, size: 12, classes: "m")
    }

    private mutating func footer(y: Double) {
        guard let tag = card.stateTag else { return }
        out += text(
            TextWidth.fit(tag, size: 11, bold: false, width: Self.width - 2 * Self.padding), x: Self.padding, y: y,
            size: 11, classes: "m")
    }

    private mutating func avatar(x: Double, y: Double, size: Double, placeholder: Bool) {
        let left = mirror(x, width: size)
        let radius = size / 2
        let (cx, cy) = (left + radius, y + radius)
        out += "<circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(radius))\" fill=\"\(palette.tag)\"/>"
        let name = card.card.login
        let uri =
            placeholder || (card.card.avatar ?? "").isEmpty
            ? avatars.placeholderURI(for: name) : avatars.dataURI(card.card.avatar ?? "", name: name)
        guard let uri else { return }
        out += "<clipPath id=\"rw-a\"><circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(radius))\"/></clipPath>"
        out += "<image x=\"\(n(left))\" y=\"\(n(y))\" width=\"\(n(size))\" height=\"\(n(size))\" "
        out += "preserveAspectRatio=\"xMidYMid slice\" clip-path=\"url(#rw-a)\" href=\"\(uri)\"/>"
    }

    private enum Anchor { case start, end }
    private enum Direction { case card, auto }

    /// A `<text>` at `x` of the left-to-right layout, mirrored on a right-to-left card, hanging from
    /// the same edge of its slot (as the widgets' `text`).
    private func text(
        _ value: String, x: Double, y: Double, size: Double, classes: String = "", anchor: Anchor = .start,
        direction: Direction = .card
    ) -> String {
        var fromEnd = anchor == .end
        if rtl { fromEnd.toggle() }
        let rightToLeft = direction == .auto ? TextDirection.isRightToLeft(value) : rtl
        if rightToLeft { fromEnd.toggle() }
        var tag = "<text x=\"\(n(mirror(x)))\" y=\"\(n(y))\" font-size=\"\(n(size))\""
        if !classes.isEmpty { tag += " class=\"\(classes)\"" }
        if rightToLeft { tag += " direction=\"rtl\"" }
        if fromEnd { tag += " text-anchor=\"end\"" }
        return tag + ">" + XMLEscape.xml(value) + "</text>"
    }

    private func mirror(_ x: Double, width: Double = 0) -> Double { rtl ? Self.width - x - width : x }

    private func n(_ value: Double) -> String { Sparkline.number(value) }
}
