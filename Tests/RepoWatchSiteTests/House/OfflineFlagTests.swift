import Foundation
import Testing

/// `--offline` is decided once: the network stack turns it into "no network" (`reachesNetwork`,
/// `NoNetwork`'s `notCached`), and every stage asks the stack or reads what it answered. A stage
/// that reads the flag again, or takes it as a loose `Bool`, is how the flag came to be branched on
/// in thirteen files.
@Suite("House: --offline is read where the network stack is made")
struct OfflineFlagTests {
    /// Where the flag may be read: the stack (and its cache layer, one of its layers), and the build's
    /// refusal of `--offline` with `--sample` where the options are checked.
    static let readers: Set<String> = [
        "Sources/RepoWatchNetwork/Stack/NetworkStack.swift",
        "Sources/RepoWatchNetwork/Stack/CacheLayer.swift",
        "Sources/RepoWatchSite/Build.swift",
    ]

    static func reads(in file: SourceFile) throws -> [String] {
        let code = String(decoding: file.code, as: UTF8.self)
        // A value's `.offline` (an enum's case is `.offline` after a space or a type's name), or a
        // parameter that takes the flag.
        let pattern = try NSRegularExpression(pattern: #"\b[a-z]\w*\.offline\b|\boffline:\s*Bool\b"#)
        return pattern.matches(in: code, range: NSRange(code.startIndex..., in: code)).compactMap { match in
            guard let range = Range(match.range, in: code) else { return nil }
            let offset = code.utf8.distance(from: code.startIndex, to: range.lowerBound)
            return "\(file.path):\(file.line(at: offset)): \(code[range])"
        }
    }

    @Test("only the network stack reads --offline; no stage takes it as a parameter")
    func readOnce() throws {
        let found = try HouseRulesTests.scanned.get()
            .filter { !Self.readers.contains($0.path) && $0.path != "Sources/RepoWatchNetwork/FetchOptions.swift" }
            .flatMap(Self.reads)
        #expect(found.isEmpty, "--offline read again:\n\(found.joined(separator: "\n"))")
    }

    @Test func theShapeFindsReadsNotCases() throws {
        let file = SourceFile(
            path: "Example.swift",
            text: """
                if options.offline { return }
                func apply(to repo: RepoSnapshot, offline: Bool) {}
                case .offline: return "GraphQL counts from the cache"
                let skipped = Report.Skipped.offline
                """)
        #expect(try Self.reads(in: file).map { $0.split(separator: ":")[1] } == ["1", "2"])
    }
}
