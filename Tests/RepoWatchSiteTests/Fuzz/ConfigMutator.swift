import Foundation

/// Makes broken `site.yml` files from a valid one, reproducibly (a fixed seed gives the same files
/// on every machine): lines deleted, duplicated, swapped, re-indented or tabbed; values of the wrong
/// type; odd Unicode; huge values; anchors and aliases (a billion laughs among them); truncation.
struct ConfigMutator {
    static let seedSite = """
        # A site with every key.
        title: Fuzz "site" <b>
        description: |
          Widgets for **the** repositories [I watch](https://example.org).
        base_url: https://me.github.io/watch/
        refresh: 12h
        appearance: auto
        rendering: accented
        accent: "#0A84FF"
        numbers: compact
        cname: watch.example.org
        repos:
          - octocat/Hello-World
          - apple/swift
          - twbs/bootstrap
        widgets:
          - kind: single
            repo: apple/swift
            sizes: [medium, large]
            note: "Markdown *note*"
            appearance: dark
            rendering: desaturated
            accent: "#FF9500"
            numbers: full
          - kind: double
            id: pair
            top: apple/swift
            bottom: twbs/bootstrap

        """

    /// Values of every YAML type, and some that are no type at all.
    static let wrongValues = [
        "[1, 2, 3]", "{a: b}", "~", "null", "true", "-1", "0", "1e400", "0x7fffffffffffffffffff", "''", "\"\"",
        "!!binary aGVsbG8=", "!!float nan", "!custom tag", "- a\n  - b", "|\n  text", ">-", "*undefined",
        "&anchor", "@reserved", "`backtick", "%TAG", "? complex key", "12h12h", "-5m", "99999999999999999999h",
        "owner/", "/name", "a/b/c", "../../etc/passwd", "javascript:alert(1)", "\"#GGGGGG\"", "#FFF",
        "https://", "ftp://example.org/", "http://[::1", "[medium, huge]", "[]", "{}", "\"\\u0000\"",
    ]

    /// Characters that break naive handling of text.
    static let oddScalars = [
        "\u{0}", "\u{7}", "\u{1B}[31m", "\u{7F}", "\u{85}", "\u{A0}", "\u{AD}", "\u{200B}", "\u{200D}", "\u{202E}",
        "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFD}", "\u{FFFF}", "\u{10FFFF}", "\u{1F600}", "e\u{301}\u{301}\u{301}",
        "\u{E000}root\u{E000}", "</script><script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "{{title}}",
        "{{{description}}}", "\t", "\r", "\r\n", "'", "\"", ":", "#", "-", "? ", "&", "*", "!", "|", ">", "%", "@", "`",
    ]

    private var random: SeededRandom
    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    private mutating func pick<T>(_ list: [T]) -> T { list[Int(random.next() % UInt64(list.count))] }
    private mutating func below(_ count: Int) -> Int { count <= 0 ? 0 : Int(random.next() % UInt64(count)) }

    /// One mutant: text, or raw bytes when the mutation is not valid UTF-8.
    mutating func mutant() -> Data {
        var lines = Self.seedSite.components(separatedBy: "\n")
        // Several mutations stack, as in real edits gone wrong.
        for _ in 0..<(1 + below(3)) {
            if case .bytes(let data) = mutate(&lines) { return data }
        }
        return Data(lines.joined(separator: "\n").utf8)
    }

    enum Outcome {
        case text
        case bytes(Data)
    }

    private mutating func mutate(_ lines: inout [String]) -> Outcome {
        let index = below(lines.count)
        switch below(16) {
        case 0: lines.remove(at: index)
        case 1: lines.insert(lines[index], at: index)
        case 2: lines.swapAt(index, below(lines.count))
        case 3:  // a value of the wrong type
            lines[index] = replaceValue(lines[index], with: pick(Self.wrongValues))
        case 4:  // odd Unicode somewhere in the line
            var line = Array(lines[index])
            line.insert(contentsOf: pick(Self.oddScalars), at: below(line.count + 1))
            lines[index] = String(line)
        case 5:  // a huge value
            let huge = pick(["x", "é", "a/", "9", "\u{1F600}", "- "])
            lines[index] = replaceValue(lines[index], with: String(repeating: huge, count: 1 + below(200_000)))
        case 6:  // tabs for indentation
            lines[index] = lines[index].replacingOccurrences(of: "  ", with: "\t")
        case 7:  // re-indented
            lines[index] = String(repeating: " ", count: below(7)) + lines[index].drop(while: { $0 == " " })
        case 8:  // an anchor and an alias, or one that is undefined
            lines[index] = replaceValue(lines[index], with: pick(["&a " + lines[index], "*a", "*b", "&a", "<<: *a"]))
            lines.insert(pick(["extra: *a", "repos: *a", "more: &a [a/b]"]), at: below(lines.count + 1))
        case 9:  // a billion laughs: aliases of aliases
            lines += Self.laughs(depth: 3 + below(7))
        case 10:  // deep nesting
            let depth = 10 + below(20_000)
            lines[index] = replaceValue(
                lines[index], with: String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        case 11:  // many repositories
            let count = below(3_000)
            lines += ["repos:"] + (0..<count).map { "  - owner-\($0 % 97)/repo-\($0)" }
        case 12:  // cut anywhere
            let text = lines.joined(separator: "\n")
            let cut = text.index(text.startIndex, offsetBy: below(text.count))
            lines = String(text[..<cut]).components(separatedBy: "\n")
        case 13:  // bytes that are not UTF-8
            var data = Data(lines.joined(separator: "\n").utf8)
            data.insert(
                contentsOf: pick([[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF]]),
                at: below(data.count))
            return .bytes(data)
        case 14:  // a key of the wrong kind
            lines.insert(pick(["[a, b]: c", "? {x: 1}\n: y", "1: 2", "null: x", "repos:: x", ": x"]), at: index)
        default:  // a document marker, a directive or a second document
            lines.insert(pick(["---", "...", "%YAML 1.1", "--- !!set", "%TAG ! tag:x,2000:"]), at: index)
        }
        return .text
    }

    private func replaceValue(_ line: String, with value: String) -> String {
        guard let colon = line.firstIndex(of: ":") else {
            if let dash = line.firstIndex(of: "-") { return String(line[...dash]) + " " + value }
            return value
        }
        return String(line[...colon]) + " " + value
    }

    /// Each level refers ten times to the one below: 10^depth nodes if expanded.
    static func laughs(depth: Int) -> [String] {
        var lines = ["lol0: &l0 [\"lol\"]"]
        for level in 1...depth {
            let refs = Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ")
            lines.append("lol\(level): &l\(level) [\(refs)]")
        }
        lines.append("repos: *l\(depth)")
        return lines
    }

    /// A valid site.yml of about `bytes` bytes: a long description and many repositories.
    static func large(bytes: Int) -> Data {
        var text = "title: Large\ndescription: |\n"
        let line = "  A line of the description, long enough to add up to a large file quickly.\n"
        while text.utf8.count < bytes / 2 { text += String(repeating: line, count: 1000) }
        text += "repos:\n"
        var index = 0
        while text.utf8.count < bytes {
            text += (index..<(index + 1000)).map { "  - owner-\($0 % 997)/repository-number-\($0)\n" }.joined()
            index += 1000
        }
        return Data(text.utf8)
    }
}

extension BinaryRunner {
    /// The binary at a lower priority: a fuzzer's many builds must not starve the suite's other
    /// tests, which run alongside with time limits of their own.
    static func runNiced(
        _ arguments: [String], in directory: URL, environment: [String: String], timeout: TimeInterval = 90
    ) async throws -> RunResult {
        let nice = URL(fileURLWithPath: "/usr/bin/nice")
        guard FileManager.default.isExecutableFile(atPath: nice.path) else {
            return try await run(arguments, in: directory, environment: environment, timeout: timeout)
        }
        return try await run(
            ["-n", "10", try binaryURL().path] + arguments, in: directory, environment: environment, timeout: timeout,
            executable: nice)
    }
}
