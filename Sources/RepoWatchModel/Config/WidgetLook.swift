import RepoWatchSupport

/// How a widget is drawn: light or dark, iOS 18's rendering modes, and how numbers are written.
/// The site sets defaults; each widget may override any of them.
package struct WidgetLook: Sendable, Hashable {
    /// iOS 18's widget rendering modes.
    package enum Rendering: String, Sendable, CaseIterable {
        case fullColor = "full-color"
        /// Text and icons in one tint, avatars toned to it.
        case accented
        /// Grayscale: no status colours, grayscale avatars.
        case desaturated
    }

    package enum Numbers: String, Sendable, CaseIterable {
        /// "171,281", as the app shows them.
        case full
        /// "171.3k".
        case compact
    }

    package var appearance: SiteConfig.Appearance
    package var rendering: Rendering
    package var accent: AccentColor
    package var numbers: Numbers
    /// The BCP 47 tag its words, numbers and dates follow (`locale:`, the widget's own or the site's).
    package var locale = "en"

    package init(
        appearance: SiteConfig.Appearance = .auto, rendering: Rendering = .fullColor,
        accent: AccentColor = .systemBlue, numbers: Numbers = .full
    ) {
        self.appearance = appearance
        self.rendering = rendering
        self.accent = accent
        self.numbers = numbers
    }

    /// The keys site.yml accepts at the top level and on each widget.
    package static let keys = ["appearance", "rendering", "accent", "numbers"]

    /// A widget's own keys; nil inherits the site's.
    package struct Overrides: Sendable, Equatable {
        package var appearance: SiteConfig.Appearance?
        package var rendering: Rendering?
        package var accent: AccentColor?
        package var numbers: Numbers?

        package init(
            appearance: SiteConfig.Appearance? = nil, rendering: Rendering? = nil, accent: AccentColor? = nil,
            numbers: Numbers? = nil
        ) {
            self.appearance = appearance
            self.rendering = rendering
            self.accent = accent
            self.numbers = numbers
        }

        func applied(to base: WidgetLook) -> WidgetLook {
            WidgetLook(
                appearance: appearance ?? base.appearance, rendering: rendering ?? base.rendering,
                accent: accent ?? base.accent, numbers: numbers ?? base.numbers)
        }

        /// Sets one of `WidgetLook.keys` from its site.yml text; returns the problem when the text is invalid.
        package mutating func set(_ key: String, to text: String) -> String? {
            switch key {
            case "appearance":
                guard let value = SiteConfig.Appearance(rawValue: text) else {
                    return Suggestion.choiceProblem(key, SiteConfig.Appearance.allCases.map(\.rawValue), got: text)
                }
                appearance = value
            case "rendering":
                guard let value = Rendering(rawValue: text) else {
                    return Suggestion.choiceProblem(key, Rendering.allCases.map(\.rawValue), got: text)
                }
                rendering = value
            case "accent":
                guard let value = AccentColor(hex: text) else {
                    let hint = text.isEmpty ? "; quote it, since YAML reads # as a comment: accent: \"#0A84FF\"" : ""
                    return "`accent` must be a colour written #RRGGBB (got '\(text)')\(hint)"
                }
                accent = value
            case "numbers":
                guard let value = Numbers(rawValue: text) else {
                    return Suggestion.choiceProblem(key, Numbers.allCases.map(\.rawValue), got: text)
                }
                numbers = value
            default:
                return "unknown key '\(key)'"
            }
            return nil
        }
    }
}

/// An sRGB colour from site.yml, validated as `#RRGGBB` before it can reach any CSS.
package struct AccentColor: Sendable, Hashable, CustomStringConvertible {
    package let red: UInt8
    package let green: UInt8
    package let blue: UInt8

    package init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Accepts exactly `#` and six hex digits.
    package init?(hex text: String) {
        let digits = Array(text.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#") else { return nil }
        var channels: [UInt8] = []
        for index in stride(from: 1, to: 7, by: 2) {
            guard let high = Self.nibble(digits[index]), let low = Self.nibble(digits[index + 1]) else { return nil }
            channels.append(high << 4 | low)
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2])
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// iOS's system blue, the accent when site.yml names none.
    package static let systemBlue = AccentColor(red: 0x0A, green: 0x84, blue: 0xFF)

    /// Lowercase `#rrggbb`.
    package var hex: String {
        let digits = Array("0123456789abcdef")
        return "#" + String([red, green, blue].flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }

    package var description: String { hex }
}

extension SiteConfig {
    /// The site-wide defaults every widget starts from.
    package var look: WidgetLook {
        var look = WidgetLook(appearance: appearance, rendering: rendering, accent: accent, numbers: numbers)
        look.locale = locale
        return look
    }

    /// The look a widget is drawn with: its own keys over the site's.
    package func look(for widget: Widget) -> WidgetLook {
        var look = widget.look.applied(to: look)
        look.locale = locale(for: widget)
        return look
    }
}

extension SiteConfig {
    /// Applies site-level `rendering`, `accent` and `numbers` (the site's `appearance` is its own field).
    package mutating func setWidgetDefaults(_ defaults: WidgetLook.Overrides) {
        rendering = defaults.rendering ?? rendering
        accent = defaults.accent ?? accent
        numbers = defaults.numbers ?? numbers
    }
}
