import RepoWatchModel

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
