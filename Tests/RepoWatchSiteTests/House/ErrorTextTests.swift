import Foundation
import Testing

/// A failure's meaning travels as a value (`Staleness`, `GitHubError`), never recovered from its
/// words: words change with a locale, a forge or a reworded message, and a match on them then
/// silently stops matching. This reads the sources for the shapes such a match takes.
@Suite("House: no meaning recovered from an error's words")
struct ErrorTextTests {
    /// Words compared, searched or cut by their start: a name holding an error, a reason or a
    /// message (or their description) on the left. Typed comparisons are written `== .case`.
    static let shapes = [
        #"\b\w*(?:error|reason|message|description)\b\??(?:\.description)?(?:\.lowercased\(\))?\s*\.\s*(?:hasPrefix|hasSuffix|contains|starts|range)\("#,
        #"\b\w*(?:error|reason|description)\b\??\s*[!=]=\s*(?:"|GitHubError\.)"#,
        #"\bGitHubError\.\w+\s*[!=]=\s*\w*(?:error|reason)\b"#,
    ]

    /// Words the tool does not write, read where they are the only signal there is: GitHub's answers
    /// (a 403 says "too large" or a secondary limit only in its message, as its REST documentation
    /// describes), and prefixes cut off another library's message so that it reads as ours.
    static let othersWords: Set<String> = [
        "Sources/RepoWatchNetwork/GitHubError.swift: message.lowercased().contains(",
        "Sources/RepoWatchNetwork/RetryPolicy.swift: message.contains(",
        "Sources/RepoWatchConfig/ConfigLoader.swift: reason.hasPrefix(",
        "Sources/repowatch-site/UsageExitStatus.swift: message.hasPrefix(",
    ]

    static func matches(in file: SourceFile) throws -> [String] {
        let code = String(decoding: file.code, as: UTF8.self)
        var found: [String] = []
        for shape in shapes {
            let pattern = try NSRegularExpression(pattern: shape)
            for match in pattern.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
                guard let range = Range(match.range, in: code) else { continue }
                let offset = code.utf8.distance(from: code.startIndex, to: range.lowerBound)
                let text = String(code[range])
                if Self.othersWords.contains("\(file.path): \(text)") { continue }
                found.append("\(file.path):\(file.line(at: offset)): \(text)")
            }
        }
        return found
    }

    @Test("no source compares, searches or cuts an error's words for its meaning")
    func noErrorTextMatching() throws {
        let found = try HouseRulesTests.scanned.get().flatMap(Self.matches)
        #expect(found.isEmpty, "meaning read from words:\n\(found.joined(separator: "\n"))")
    }

    /// The shapes catch what the sources did before `Staleness`.
    @Test func theShapesCatchWhatTheyAreFor() throws {
        let before = SourceFile(
            path: "Example.swift",
            text: #"""
                func isDeferral(_ reason: String) -> Bool { reason.hasPrefix("deferred to a later build:") }
                if repo.error == GitHubError.offlineReason { tally.offline += 1 }
                let words = reason == GitHubError.noDataYet ? "a" : reason
                if error.description.contains("timed out") { return }
                if (error as? GitHubError) == .notCached { return }
                let kind: Staleness = repo.staleness == .offline ? .offline : .notFetched
                """#)
        #expect(try Self.matches(in: before).map { $0.split(separator: ":")[1] }.sorted() == ["1", "2", "3", "4"])
    }
}
