import RepoWatchSupport

/// A sentence of the page's words as HTML, with the commands and options it names (`--sample`,
/// `repowatch-site serve`) in `<code dir="ltr">`: in a right-to-left page a command keeps its own
/// direction (`--sample`, not `sample--`) and reads as something to type.
enum CommandMarkup {
    private static let program = "repowatch-site"

    /// - Parameter literals: more text to type as it stands (`base_url: https://USER.github.io/REPO/`,
    ///   `site.yml`); the first that starts at a place is taken, so a longer one goes before its start.
    static func html(_ text: String, literals: [String] = []) -> String {
        // The locale tables isolate commands with U+2066…U+2069; the `<code>` isolates them now.
        let characters = Array(text.filter { !("\u{2066}"..."\u{2069}").contains($0) })
        let literals = literals.map(Array.init)
        var out = ""
        var plain = ""
        var index = 0
        while index < characters.count {
            let literal = literals.first { characters[index...].starts(with: $0) }
            let end = literal.map { index + $0.count } ?? commandEnd(characters, from: index)
            if end > index {
                out += XMLEscape.text(plain) + "<code dir=\"ltr\">"
                out += XMLEscape.text(String(characters[index..<end])) + "</code>"
                plain = ""
                index = end
            } else {
                plain.append(characters[index])
                index += 1
            }
        }
        return out + XMLEscape.text(plain)
    }

    /// Where a command that starts at `start` ends (`start` when none does): `repowatch-site`, its
    /// subcommand and options, or an option on its own (`--sample`), each starting a word.
    private static func commandEnd(_ text: [Character], from start: Int) -> Int {
        if start > 0, text[start - 1].isLetter || text[start - 1].isNumber || text[start - 1] == "-" { return start }
        func word(_ index: Int) -> Int {
            var index = index
            while index < text.count, text[index].isASCII,
                text[index].isLetter || text[index].isNumber || text[index] == "-"
            {
                index += 1
            }
            return index
        }
        func isOption(_ index: Int) -> Bool {
            index + 2 < text.count && text[index] == "-" && text[index + 1] == "-" && text[index + 2].isLetter
        }
        if isOption(start) { return word(start) }
        guard String(text[start..<min(text.count, start + program.count)]) == program else { return start }
        var end = start + program.count
        guard word(end) == end else { return start }
        // One subcommand, then any options, each a space away.
        if end + 1 < text.count, text[end] == " ", text[end + 1].isLowercase, text[end + 1].isASCII {
            end = word(end + 1)
        }
        while end + 1 < text.count, text[end] == " ", isOption(end + 1) { end = word(end + 1) }
        return end
    }
}

/// The table's sentences that name a command, as `CommandMarkup` writes them: every page of a site
/// shows the same ones, so they are made once per string table.
struct CommandSentences: Sendable {
    /// `sample_banner_html`.
    let sampleBanner: String
    /// `search_file_html`.
    let searchFromFile: String
    /// `embed_note_html`.
    let embedNote: String

    init(text: (String) -> String) {
        sampleBanner = CommandMarkup.html(text("sample_banner_text"))
        searchFromFile = CommandMarkup.html(text("search_from_file"))
        embedNote = CommandMarkup.html(
            text("embed_relative_note"), literals: ["base_url: https://USER.github.io/REPO/", "base_url", "site.yml"])
    }
}
