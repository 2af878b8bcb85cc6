import Foundation

/// Text from GitHub (a release's tag, a description) is untrusted: each platform reads some of it
/// as markup or as a mention. Escaped here for where it goes, never trusted to be plain.
enum WebhookText {
    /// Control characters go (a line break stays); the rest is the text.
    static func plain(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter { $0 == "\n" || !($0.properties.generalCategory == .control) }))
    }

    /// Mass mentions lose their power: a zero-width space after the `@` keeps the word readable and
    /// makes it no mention on any platform.
    static func unmentioned(_ text: String) -> String {
        var out = text
        for word in ["everyone", "here", "channel", "all", "group"] {
            out = out.replacingOccurrences(of: "@" + word, with: "@\u{200B}" + word, options: .caseInsensitive)
        }
        return out
    }

    /// Slack's mrkdwn: `&`, `<` and `>` are the only control characters (their escapes are the only
    /// ones Slack asks for); with `<` escaped no `<!channel>`, `<@U…>` or `<url|text>` link survives.
    static func slack(_ text: String) -> String {
        unmentioned(
            plain(text).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;"))
    }

    /// Discord's and Teams' Markdown: every character that starts emphasis, code, a spoiler, a quote,
    /// a masked link or a mention (`<@id>`, `<#channel>`) is backslash-escaped, and a line that would
    /// start a heading or a list; a tag's hyphens elsewhere stay as they are, readable.
    static func markdown(_ text: String) -> String {
        let special: Set<Character> = ["\\", "*", "_", "~", "`", "|", ">", "<", "[", "]"]
        let lineStarts: Set<Character> = ["#", "-", "+"]
        var out = ""
        var atLineStart = true
        for character in plain(text) {
            if special.contains(character) || (atLineStart && lineStarts.contains(character)) { out.append("\\") }
            out.append(character)
            if character == "\n" {
                atLineStart = true
            } else if character != " " {
                atLineStart = false
            }
        }
        return unmentioned(out)
    }

    /// At most `limit` characters, an ellipsis when cut.
    static func clipped(_ text: String, _ limit: Int) -> String {
        guard text.count > limit else { return text }
        var cut = String(text.prefix(max(limit - 1, 0)))
        // A cut must not leave a lone escaping backslash or half an entity.
        while cut.hasSuffix("\\") { cut.removeLast() }
        if let amp = cut.lastIndex(of: "&"), !cut[amp...].contains(";") { cut = String(cut[..<amp]) }
        return cut + "…"
    }
}
