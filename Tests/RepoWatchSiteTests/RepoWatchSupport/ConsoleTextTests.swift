import Foundation
import Testing

@testable import RepoWatchSupport

/// Text from outside on its way to a terminal or a CI log: it moves no cursor, starts no line of its
/// own and, under GitHub Actions, runs no workflow command.
@Suite struct ConsoleTextTests {
    static let payloads = [
        "a\n::warning::INJECTED", "a\r::error::INJECTED", "::add-mask::INJECTED", "  ::stop-commands::tok",
        "a\r\n::notice::INJECTED", "x ##[warning]INJECTED", "\u{1B}[2K\u{1B}[1Gfake", "a\u{2028}::set-env::x",
        "\u{202E}txt.exe", "\t::debug::INJECTED", "\u{00A0}::warning::INJECTED", "\u{85}::warning::x",
    ]

    @Test(arguments: payloads)
    func inlineTextStaysOnItsLineWithEveryControlVisible(payload: String) {
        let shown = ConsoleText.inline(payload)
        #expect(!shown.unicodeScalars.contains(where: ConsoleText.isControl), "\(shown.debugDescription)")
        #expect(!shown.contains("\n") && !shown.contains("\r"))
    }

    @Test(arguments: payloads)
    func noLineOfAMessageIsAWorkflowCommandUnderActions(payload: String) {
        for message in [payload, "warning: \(payload)", "\(payload)\nsecond line"] {
            let written = ConsoleText.lines(message, actions: true)
            for line in written.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" }) {
                let trimmed = line.drop { $0.isWhitespace }
                #expect(!trimmed.hasPrefix("::") && !line.contains("##["), "\(written.debugDescription)")
            }
        }
    }

    @Test func ordinaryMessagesAndTheirOwnLineBreaksStayAsTheyAre() {
        let message = "site.yml:3:5: warning: 50% done\nsecond: line\twith a tab"
        #expect(ConsoleText.lines(message, actions: true) == message)
        #expect(ConsoleText.inline("apple/swift") == "apple/swift")
        // Outside Actions `::` means nothing; control characters are still shown.
        #expect(ConsoleText.lines("::x\u{1B}", actions: false) == "::x\\u{1B}")
        #expect(ConsoleText.lines("::warning::x", actions: true) == "%3A:warning::x")
        #expect(ConsoleText.inline("a\nb\rc") == "a\\nb\\rc")
    }
}
