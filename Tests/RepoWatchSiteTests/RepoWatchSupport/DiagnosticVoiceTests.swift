import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSite
@testable import RepoWatchSupport

@Suite("One voice: FILE:LINE:COL, the source line and a caret; suggestions only where they help")
struct DiagnosticVoiceTests {
    func message(_ line: String?, column: Int, _ style: TerminalStyle = .plain) -> String {
        DiagnosticMessage(.error, location: "site.yml:3:\(column)", "x", sourceLine: line, line: 3, column: column)
            .text(style)
    }

    @Test("the caret sits under the column, through tabs and wide characters")
    func caret() {
        #expect(
            message("appearance: drak", column: 13)
                == "site.yml:3:13: error: x\n    3 | appearance: drak\n      |             ^")
        #expect(message("\tkey: v", column: 2) == "site.yml:3:2: error: x\n    3 | \tkey: v\n      | \t^")
        // Two terminal columns for each Hangul syllable.
        #expect(
            message("title: 한국 x", column: 11).hasSuffix("\n      | " + String(repeating: " ", count: 7 + 4 + 1) + "^"))
        // After the end of the line (a missing value) the caret still shows; past it, no excerpt.
        #expect(message("title:", column: 7).hasSuffix("      |       ^"))
        #expect(message("title:", column: 9) == "site.yml:3:9: error: x")
        #expect(message(nil, column: 1) == "site.yml:3:1: error: x")
    }

    @Test("controls in the source line cannot drive the terminal")
    func controls() {
        let shown = message("title: \u{1B}[31mred\u{7}", column: 8)
        #expect(!shown.contains("\u{1B}") && !shown.contains("\u{7}"))
        #expect(shown.contains("title: \u{FFFD}[31mred\u{FFFD}"))
    }

    @Test("a long line is cut around the column")
    func longLine() {
        let line = String(repeating: "a", count: 500) + "X" + String(repeating: "b", count: 500)
        let lines = message(line, column: 501).split(separator: "\n")
        #expect(lines[1].count < 220 && lines[1].contains("X"))
        let caret = lines[2].firstIndex(of: "^").map { lines[2].distance(from: lines[2].startIndex, to: $0) }
        let mark = lines[1].firstIndex(of: "X").map { lines[1].distance(from: lines[1].startIndex, to: $0) }
        #expect(caret != nil && caret == mark)
    }

    @Test("colours only when asked: bold place, red error, magenta warning, green caret")
    func colours() {
        let coloured = message("a: b", column: 4, TerminalStyle(colours: true))
        #expect(coloured.hasPrefix("\u{1B}[1msite.yml:3:4:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m x"))
        #expect(coloured.hasSuffix("\u{1B}[1;32m^\u{1B}[0m"))
        #expect(TerminalStyle(colours: true).severity("warning:") == "\u{1B}[1;35mwarning:\u{1B}[0m")
        #expect(!message("a: b", column: 4).contains("\u{1B}"))
    }

    @Test("the reporter reads the line from the file the diagnostic names, beside --config")
    func reporterShowsTheLine() throws {
        let folder = try temporaryDirectory()
        try Data("repos:\r\n  - a/b\r\nlocale: he\r\n".utf8).write(to: folder.appendingPathComponent("w.yml"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Templates"), withIntermediateDirectories: true)
        try Data("{{#x}}\n".utf8).write(to: folder.appendingPathComponent("Templates/card.mustache"))
        let log = MemoryLog()
        let config = folder.appendingPathComponent("w.yml").path
        DiagnosticReporter(log: log, environment: [:], configPath: config).report([
            Diagnostic(.warning, file: config, line: 3, column: 9, "w"),
            Diagnostic(.error, file: "Templates/card.mustache", line: 1, column: 3, "t"),
        ])
        #expect(
            log.messages == [
                "\(config):3:9: warning: w\n    3 | locale: he\n      |         ^",
                "Templates/card.mustache:1:3: error: t\n    1 | {{#x}}\n      |   ^",
            ])
    }

    @Test("`locale: he` lists the shipped locales and suggests none; `jp` is a slip for `ja`")
    func localeSuggestions() throws {
        let he = try #require(try parse("repos: [a/b]\nlocale: he\n").warnings.first)
        #expect(!he.message.contains("did you mean"), "\(he.message)")
        #expect(he.message.contains("shipped: \(LocaleCatalog.builtIn.shipped.joined(separator: ", "))"))
        let jp = try #require(try parse("repos: [a/b]\nlocale: jp\n").warnings.first)
        #expect(jp.message.hasSuffix("did you mean 'ja'?"))
        for language in ["he", "fi", "it", "nl", "pl"] {
            #expect(SiteConfigReader.isLanguage(language), "\(language)")
        }
        #expect(!SiteConfigReader.isLanguage("jp"))
    }

    @Test("a bad size names `sizes`, the key as written")
    func sizesKey() {
        let found = errors("repos: [a/b]\nwidgets:\n  - sizes: [medium, larg]\n")
        #expect(found.map(\.message) == ["each of `sizes` must be medium or large (got 'larg'); did you mean 'large'?"])
    }

    @Test("Foundation's errors are said in words")
    func errorText() {
        let missing = CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: "/x/site.yml"])
        #expect(ErrorText.describe(missing) == "/x/site.yml: no such file or directory")
        let full = NSError(
            domain: NSCocoaErrorDomain, code: CocoaError.fileWriteUnknown.rawValue,
            userInfo: [NSFilePathErrorKey: "/p", NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: 28)])
        #expect(ErrorText.describe(full) == "/p: No space left on device")
        let host = URLError(
            .cannotFindHost, userInfo: [NSURLErrorFailingURLErrorKey: URL(string: "https://x.invalid/")!])
        #expect(ErrorText.describe(host) == "cannot find the host x.invalid")
        #expect(ErrorText.describe(URLError(.init(rawValue: -1003)!)) == "cannot find the host")
        for error in [missing as Error, full, host, URLError(.badServerResponse), POSIXError(.ENOSPC)] {
            #expect(!ErrorText.describe(error).contains("Domain=") && !ErrorText.describe(error).contains("Code="))
        }
    }
}
