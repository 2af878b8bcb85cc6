import Foundation

/// The widgets as self-contained SVG images, for READMEs: GitHub shows no HTML there and its image
/// proxy blocks anything an SVG would load, so avatars are inlined as data URIs and the SVG refers
/// to nothing outside itself. Drawn from the same `repo` contexts as the HTML widgets (the same
/// text, states and colours) with the stylesheet's geometry; text positions are computed here,
/// since an SVG has no layout engine, and overlong text is clipped where the HTML ellipsizes it.
struct SVGWidget {
    static let width = 329.0
    static let mediumHeight = 155.0
    static let largeHeight = 345.0
    /// GitHub's camo proxy and many Markdown hosts refuse bigger images.
    static let byteLimit = 100_000

    enum Kind: String {
        case medium, large, double
    }

    let kind: Kind
    let palette: SVGPalette
    let desaturated: Bool
    let avatars: AvatarDataURIs
    /// Set when a first attempt was too big: every avatar becomes its small placeholder.
    var placeholdersOnly = false

    private var out = ""
    private var clipCount = 0

    init(kind: Kind, look: WidgetLook, dark: Bool, avatars: AvatarDataURIs) {
        self.kind = kind
        palette = SVGPalette(look: look, dark: dark)
        desaturated = look.rendering == .desaturated
        self.avatars = avatars
    }

    /// `repos`: one context (medium, large) or two (double), as `WidgetContext.repo` makes them.
    static func render(
        _ kind: Kind, repos: [[String: Any]], state: String, look: WidgetLook, dark: Bool, avatars: AvatarDataURIs
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

    private mutating func draw(_ repos: [[String: Any]], state: String) -> String {
        let height = kind == .medium ? Self.mediumHeight : Self.largeHeight
        let names = repos.map { ($0["config_name"] as? String) ?? "" }
        let summary = repos.map(Self.summary).joined(separator: "; ")
        let p = palette
        out.reserveCapacity(8_192)
        out += """
            <svg xmlns="http://www.w3.org/2000/svg" width="329" height="\(Int(height))" viewBox="0 0 329 \(Int(height))" \
            role="img" aria-labelledby="rw-title" data-widget="\(kind.rawValue)" data-repo="\(SVGText.escape(names.joined(separator: " ")))" \
            data-state="\(SVGText.escape(state))"><title id="rw-title">\(SVGText.escape(summary))</title>\
            <style>text{font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;\
            fill:\(p.text)}.m{fill:\(p.muted)}.b{font-weight:700}.s{font-weight:600}.t{font-variant-numeric:tabular-nums}</style>
            """
        if desaturated {
            out += "<filter id=\"rw-gray\"><feColorMatrix type=\"saturate\" values=\"0\"/></filter>"
        }
        out += "<rect width=\"329\" height=\"\(Int(height))\" rx=\"22\" fill=\"\(p.surface)\"/>"
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
    static func summary(_ repo: [String: Any]) -> String {
        var parts = [(repo["full_name"] as? String) ?? (repo["config_name"] as? String) ?? ""]
        if (repo["is_unavailable"] as? Bool) == true {
            parts.append("unavailable")
        } else {
            for key in ["stars", "forks", "issues", "days"] {
                if let label = (repo[key] as? [String: Any])?["label"] as? String { parts.append(label) }
            }
        }
        return parts.joined(separator: ", ")
    }

    // MARK: - The card (as card.mustache)

    private mutating func card(_ repo: [String: Any], top: Double, height: Double) {
        let p = palette
        let unavailable = (repo["is_unavailable"] as? Bool) == true
        let days = repo["days"] as? [String: Any]

        // The big number on the right decides how wide the main column may be.
        var daysWidth = 40.0
        var daysSize = 64.0
        if !unavailable, let days, (days["missing"] as? Bool) != true {
            let display = days["display"] as? String ?? ""
            daysSize = Self.daysFontSize(digits: days["digits"] as? Int ?? display.count)
            daysWidth = max(
                TextWidth.estimate(display, size: daysSize, bold: true),
                TextWidth.estimate(days["caption"] as? String ?? "", size: 12, bold: true))
        } else if !unavailable {
            daysWidth = max(52, TextWidth.estimate("no pushes", size: 12, bold: true))
        }
        daysWidth = min(daysWidth, (Self.width - 32) * 0.48)
        let mainRight = Self.width - 16 - daysWidth - 10

        // The main column, centred as a block: head (50), gap (12), stats or the error.
        let statLines = unavailable ? [] : statsLayout(repo, maxX: mainRight)
        let errorLines =
            unavailable
            ? TextWidth.wrap(repo["error"] as? String ?? "", size: 12, width: mainRight - 16, maxLines: 3) : []
        let belowHead =
            unavailable
            ? Double(errorLines.count) * 16.2 : Double(statLines.count) * 16 + Double(max(0, statLines.count - 1)) * 4
        let blockTop = top + (height - (50 + 12 + belowHead)) / 2

        avatar(repo["avatar"] as? [String: Any], x: 16, y: blockTop, size: 50, name: repo["owner"] as? String ?? "?")

        // Name and the subtitle line (tags, or the description), clipped to the column.
        let clip = clipRect(x: 76, y: top, width: max(0, mainRight - 76), height: height)
        out += "<g clip-path=\"url(#\(clip))\">"
        let tags = tagList(repo)
        let description = (repo["has_tags"] as? Bool) == true ? nil : repo["description"] as? String
        let hasSub = !tags.isEmpty || description != nil
        let nameBaseline = hasSub ? blockTop + 21.5 : blockTop + 31
        out += text(repo["name"] as? String ?? "", x: 76, y: nameBaseline, size: 20, classes: "b")
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
        } else if let days, (days["missing"] as? Bool) != true {
            let blockHeight = daysSize + 4 + 15
            let y = top + (height - blockHeight) / 2
            let color = (days["hot"] as? Bool) == true ? p.hot : p.fresh
            let clipDays = clipRect(x: right - daysWidth, y: top, width: daysWidth, height: height)
            out += "<g clip-path=\"url(#\(clipDays))\">"
            out += text(
                days["display"] as? String ?? "", x: right, y: y + daysSize * 0.8, size: daysSize, classes: "b t",
                fill: color, anchor: "end")
            out += text(
                days["caption"] as? String ?? "", x: right, y: y + daysSize + 16, size: 12, classes: "s m",
                anchor: "end")
            out += "</g>"
        } else if let days {
            let y = top + (height - 63) / 2
            out +=
                "<rect x=\"\(n(right - 52))\" y=\"\(n(y))\" width=\"52\" height=\"44\" rx=\"12\" fill=\"\(p.placeholder)\"/>"
            out += text(days["caption"] as? String ?? "", x: right, y: y + 60, size: 12, classes: "s m", anchor: "end")
        }
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

    private struct Tag {
        var text: String
        var icon: SVGIcon?
        var bad = false
    }

    private func tagList(_ repo: [String: Any]) -> [Tag] {
        var tags: [Tag] = []
        if (repo["is_stale"] as? Bool) == true {
            tags.append(Tag(text: "as of \(repo["as_of_display"] as? String ?? "")", icon: .clock))
        }
        if (repo["is_unavailable"] as? Bool) == true { tags.append(Tag(text: "Unavailable", icon: nil, bad: true)) }
        if (repo["is_sample"] as? Bool) == true { tags.append(Tag(text: "Sample", icon: nil)) }
        if (repo["archived"] as? Bool) == true { tags.append(Tag(text: "Archived", icon: .archive)) }
        return tags
    }

    // MARK: - Stats

    private struct StatItem {
        var icon: SVGIcon?
        var text: String?
        var placeholder = false
        var color: String?
        var x = 0.0
        var width: Double
    }

    /// The stats row as the flex row lays it out: items 12 apart, wrapping when the column is full.
    private func statsLayout(_ repo: [String: Any], maxX: Double) -> [[StatItem]] {
        var items: [StatItem] = []
        for (key, icon) in [("stars", SVGIcon.star), ("forks", .fork), ("issues", .issue)] {
            guard let stat = repo[key] as? [String: Any] else { continue }
            if (stat["missing"] as? Bool) == true {
                items.append(StatItem(icon: icon, placeholder: true, width: 13 + 4 + 34))
            } else {
                let display = stat["display"] as? String ?? ""
                items.append(
                    StatItem(icon: icon, text: display, width: 17 + TextWidth.estimate(display, size: 13, bold: true)))
            }
            if key == "stars", let delta = (repo["delta"] as? [String: Any])?["stars"] as? [String: Any] {
                let display = delta["display"] as? String ?? ""
                let color: String
                switch delta["sign"] as? String {
                case "up": color = palette.fresh
                case "down": color = palette.hot
                default: color = palette.muted
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

    private mutating func drawStat(_ item: StatItem, lineTop: Double) {
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

    private mutating func team(_ repo: [String: Any], top: Double) {
        out += text("Top Contributors", x: 16, y: top + 12.5, size: 13, classes: "b m")
        let people = repo["contributors"] as? [[String: Any]] ?? []
        guard !people.isEmpty else {
            let note = repo["contributors_note"] as? String ?? ""
            let center = (top + 26 + Self.largeHeight - 36) / 2
            out += text(note, x: Self.width / 2, y: center + 4, size: 13, classes: "m", anchor: "middle")
            return
        }
        let cellWidth = (Self.width - 32 - 12) / 2
        let gridTop = top + 26.25
        for (index, person) in people.prefix(4).enumerated() {
            let x = 16 + Double(index % 2) * (cellWidth + 12)
            let y = gridTop + Double(index / 2) * 72
            let login = person["login"] as? String ?? ""
            avatar(person["avatar"] as? [String: Any], x: x, y: y + 8, size: 44, name: login)
            let clip = clipRect(x: x + 54, y: y, width: cellWidth - 54, height: 60)
            out += "<g clip-path=\"url(#\(clip))\">"
            out += text(login, x: x + 54, y: y + 27, size: 14, classes: "s")
            out += text(person["display"] as? String ?? "", x: x + 54, y: y + 43, size: 12, classes: "m t")
            out += "</g>"
        }
    }

    // MARK: - Pieces

    private mutating func avatar(_ avatar: [String: Any]?, x: Double, y: Double, size: Double, name: String) {
        let radius = size / 2
        let (cx, cy) = (x + radius, y + radius)
        out += "<circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(radius))\" fill=\"\(palette.tag)\"/>"
        let path = avatar?["src"] as? String ?? ""
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

    private mutating func clipRect(x: Double, y: Double, width: Double, height: Double) -> String {
        clipCount += 1
        let id = "rw-c\(clipCount)"
        out +=
            "<clipPath id=\"\(id)\"><rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\"/></clipPath>"
        return id
    }

    private func text(
        _ value: String, x: Double, y: Double, size: Double, classes: String = "", fill: String? = nil,
        anchor: String? = nil
    ) -> String {
        var tag = "<text x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(n(size))\""
        if !classes.isEmpty { tag += " class=\"\(classes)\"" }
        if let fill { tag += " style=\"fill:\(fill)\"" }
        if let anchor { tag += " text-anchor=\"\(anchor)\"" }
        return tag + ">" + SVGText.escape(value) + "</text>"
    }

    private func n(_ value: Double) -> String { Sparkline.number(value) }
}

/// The stylesheet's palettes as SVG fill colours (custom properties do not reach into an SVG image).
struct SVGPalette {
    var surface, text, muted, line, fresh, hot, tag, bad, placeholder: String
    var accented = false

    init(look: WidgetLook, dark: Bool) {
        if dark {
            (surface, text, muted, line) = ("#1c1c1e", "#f5f5f7", "#a1a1a8", "#3a3a3c")
            (fresh, hot, tag, bad, placeholder) = ("#30d158", "#ff4f8b", "#2e2e32", "#ff6b6b", "#3a3a3e")
        } else {
            (surface, text, muted, line) = ("#fff", "#1c1c1e", "#636366", "#dcdce1")
            (fresh, hot, tag, bad, placeholder) = ("#1a7f37", "#d1155c", "#ececf0", "#c41230", "#e3e3e8")
        }
        switch look.rendering {
        case .fullColor: break
        case .accented:
            let colors = dark ? AccentPalette(accent: look.accent).dark : AccentPalette(accent: look.accent).light
            (surface, text, line) = (colors.surface.hex, colors.ink.hex, colors.line.hex)
            (muted, fresh, hot, bad, tag, placeholder) = (text, text, text, text, "none", line)
            accented = true
        case .desaturated:
            (fresh, hot, bad) = (text, text, text)
        }
    }
}

/// The card's icons (the same paths as card.mustache), drawn at any size.
struct SVGIcon {
    /// The body split where the colour goes (`"C"`), so drawing is a join, not a search.
    let pieces: [String]
    let viewBox: Double

    init(body: String, viewBox: Double) {
        pieces = body.split(separator: "\"C\"", omittingEmptySubsequences: false).map(String.init)
        self.viewBox = viewBox
    }

    static let star = SVGIcon(
        body:
            "<path d=\"M8 1 9.88 6.01 15.23 6.25 11.04 9.59 12.47 14.75 8 11.8 3.53 14.75 4.96 9.59.77 6.25 6.12 6.01Z\" "
            + "fill=\"C\" stroke=\"C\" stroke-width=\"1.2\" stroke-linejoin=\"round\"/>", viewBox: 16)
    static let fork = SVGIcon(
        body:
            "<g fill=\"none\" stroke=\"C\" stroke-width=\"1.7\" stroke-linecap=\"round\"><circle cx=\"4\" cy=\"3.2\" r=\"1.8\"/>"
            + "<circle cx=\"12\" cy=\"3.2\" r=\"1.8\"/><circle cx=\"8\" cy=\"12.8\" r=\"1.8\"/>"
            + "<path d=\"M4 5v1.3c0 1.2 1 2.2 2.2 2.2h3.6c1.2 0 2.2-1 2.2-2.2V5M8 8.5V11\"/></g>", viewBox: 16)
    static let issue = SVGIcon(
        body:
            "<path fill=\"C\" fill-rule=\"evenodd\" d=\"M6.7 1.9a1.5 1.5 0 0 1 2.6 0l6.3 11.2a1.5 1.5 0 0 1-1.3 2.2H1.7a1.5 "
            + "1.5 0 0 1-1.3-2.2ZM7.1 5.4h1.8l-.3 5h-1.2ZM8 11.4a1 1 0 1 0 0 2 1 1 0 1 0 0-2Z\"/>", viewBox: 16)
    static let clock = SVGIcon(
        body:
            "<circle cx=\"8\" cy=\"8\" r=\"6.3\" fill=\"none\" stroke=\"C\" stroke-width=\"1.7\"/><path d=\"M8 4.6V8l2.3 1.5\" "
            + "fill=\"none\" stroke=\"C\" stroke-width=\"1.7\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
        viewBox: 16)
    static let archive = SVGIcon(
        body:
            "<path fill=\"C\" fill-rule=\"evenodd\" d=\"M1.5 2.5A1 1 0 0 1 2.5 1.5h11a1 1 0 0 1 1 1v2a1 1 0 0 1-.7.95V13a1.5 "
            + "1.5 0 0 1-1.5 1.5H3.7A1.5 1.5 0 0 1 2.2 13V5.45a1 1 0 0 1-.7-.95Zm2.2 3v7.5h8.6V5.5ZM6 7.2h4v1.5H6Z\"/>",
        viewBox: 16)
    static let person = SVGIcon(
        body:
            "<circle cx=\"8\" cy=\"5.6\" r=\"3\" fill=\"C\"/><path d=\"M2.5 14.5c.5-3 2.8-4.8 5.5-4.8s5 1.8 5.5 4.8Z\" fill=\"C\"/>",
        viewBox: 16)
    static let cloudOff = SVGIcon(
        body:
            "<g fill=\"none\" stroke=\"C\" stroke-width=\"1.8\" stroke-linecap=\"round\"><path d=\"M7 18.5h10.2a4.3 4.3 0 0 0 "
            + ".6-8.56A6 6 0 0 0 6.3 8.7 4.9 4.9 0 0 0 7 18.5Z\"/><path d=\"m3.5 3.5 17 17\"/></g>", viewBox: 24)

    /// `C` in the body stands for the colour.
    func draw(x: Double, y: Double, size: Double, color: String, opacity: Double = 1) -> String {
        let scale = Sparkline.number(size / viewBox)
        let fade = opacity < 1 ? " opacity=\"\(Sparkline.number(opacity))\"" : ""
        return "<g transform=\"translate(\(Sparkline.number(x)) \(Sparkline.number(y))) scale(\(scale))\"\(fade)>"
            + pieces.joined(separator: "\"\(color)\"") + "</g>"
    }
}

/// Text for XML: escaped, and without the control characters XML 1.0 forbids (an API string may hold
/// them; HTML shrugs, an XML parser refuses the whole image).
enum SVGText {
    static func escape(_ string: String) -> String {
        var result = ""
        result.reserveCapacity(string.utf8.count)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n", "\r": result += " "
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// Rough text widths for laying out text in an SVG (no font metrics at build time): average advance
/// widths of the system sans-serif fonts, erring wide so text stops short of what follows it.
enum TextWidth {
    static func estimate(_ text: String, size: Double, bold: Bool) -> Double {
        var em = 0.0
        for scalar in text.unicodeScalars {
            switch scalar {
            case "0"..."9": em += 0.58
            case ",", ".", ":", ";", "'", "|", "!", "i", "l", "j", "I": em += 0.28
            case " ", "f", "t", "r", "(", ")", "-", "/": em += 0.36
            case "m", "w", "M", "W", "@", "%": em += 0.88
            case "A"..."Z", "+", "\u{2212}", "\u{00B1}", "#", "&": em += 0.68
            case "a"..."z", "_", "?": em += 0.56
            default: em += scalar.properties.isEmojiPresentation || scalar.value >= 0x2E80 ? 1.0 : 0.6
            }
        }
        return em * size * (bold ? 1.06 : 1)
    }

    /// Words in lines no wider than `width`, at most `maxLines` (the last takes the rest, clipped).
    static func wrap(_ text: String, size: Double, width: Double, maxLines: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if !current.isEmpty, lines.count < maxLines - 1, estimate(candidate, size: size, bold: false) > width {
                lines.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}

/// Avatar images as `data:` URIs, each encoded once however many widgets show it. Bounded: the
/// cache is dropped when it outgrows `cacheLimit`, and images too big to inline leave their place
/// to the generated placeholder, so a large widget (five faces) stays under the size limit.
final class AvatarDataURIs: @unchecked Sendable {
    static let cacheLimit = 16 << 20
    /// Five of these, base64-encoded, still leave room for the widget under 100 KB.
    static let imageLimit = 13_000

    let images: [String: Data]
    private let lock = NSLock()
    private var encoded: [String: String] = [:]
    private var encodedBytes = 0

    init(images: [String: Data]) { self.images = images }

    /// Nil when the site has no such file (the caller draws the empty-avatar glyph).
    func dataURI(_ path: String, name: String) -> String? {
        if let cached = lock.withLock({ encoded[path] }) { return cached }
        guard let data = images[path] else { return nil }
        let uri: String
        if data.count > Self.imageLimit {
            uri = placeholderURI(for: name)
        } else {
            uri = "data:\(Self.mediaType(path));base64,\(data.base64EncodedString())"
        }
        lock.withLock {
            if encodedBytes > Self.cacheLimit {
                encoded.removeAll(keepingCapacity: true)
                encodedBytes = 0
            }
            encoded[path] = uri
            encodedBytes += uri.utf8.count
        }
        return uri
    }

    func placeholderURI(for name: String) -> String {
        "data:image/svg+xml;base64," + Placeholder.svg(for: name).base64EncodedString()
    }

    static func mediaType(_ path: String) -> String {
        switch path.split(separator: ".").last.map({ $0.lowercased() }) {
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        default: return "image/svg+xml"
        }
    }
}
