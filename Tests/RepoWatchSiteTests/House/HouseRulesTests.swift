import Foundation
import Testing

/// The house rules, read off the package's own sources: a function short enough to read at once,
/// a file short enough to hold one idea, and the few places that ask the compiler not to check
/// concurrency each saying why that is safe. Each failure lists every offender, by file and line.
@Suite("House rules: short functions and files, few escape hatches, each explained")
struct HouseRulesTests {
    static let longestFunction = 60
    static let longestFile = 300
    static let mostEscapeHatches = 5

    static var packageRoot: URL { E2EPaths.packageRoot }

    /// Read once for every test.
    static let scanned = Result { try sourceFiles() }

    static func sourceFiles() throws -> [SourceFile] {
        let sources = packageRoot.appendingPathComponent("Sources")
        let paths = try FileManager.default.subpathsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
            .sorted()
        return try paths.map { relative in
            let text = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
            return SourceFile(path: "Sources/" + relative, text: text)
        }
    }

    @Test func sourcesAreFound() throws {
        let files = try Self.scanned.get()
        #expect(files.count > 50)
        #expect(files.contains { $0.path == "Sources/RepoWatchSite/Build.swift" })
    }

    @Test("no function, initializer or subscript over 60 lines, its signature included")
    func functionsAreShort() throws {
        let long = try Self.scanned.get().flatMap { file in
            file.declarations.filter { $0.lines > Self.longestFunction }.map {
                "\(file.path):\($0.line): \($0.name) has \($0.lines) lines"
            }
        }
        #expect(long.isEmpty, "\(long.count) over \(Self.longestFunction) lines:\n\(long.joined(separator: "\n"))")
    }

    @Test("no source file over 300 lines")
    func filesAreShort() throws {
        let long = try Self.scanned.get().filter { $0.lineCount > Self.longestFile }.map {
            "\($0.path): \($0.lineCount) lines"
        }
        #expect(long.isEmpty, "\(long.count) over \(Self.longestFile) lines:\n\(long.joined(separator: "\n"))")
    }

    @Test("at most five @unchecked Sendable, nonisolated(unsafe) or UncheckedBox, each with a comment saying why")
    func escapeHatchesAreFewAndExplained() throws {
        let hatches = try Self.scanned.get().flatMap { file in
            file.escapeHatches.map { (place: "\(file.path):\($0.line): \($0.text)", explained: $0.explained) }
        }
        let listed = hatches.map(\.place).joined(separator: "\n")
        #expect(hatches.count <= Self.mostEscapeHatches, "\(hatches.count) escape hatches:\n\(listed)")
        let unexplained = hatches.filter { !$0.explained }.map(\.place)
        #expect(
            unexplained.isEmpty,
            "without a comment on the line above or the same line:\n\(unexplained.joined(separator: "\n"))")
    }

    /// What the rules rely on: text in comments and string literals is not code, braces in them
    /// included; a declaration without a body (a protocol's) is no function.
    @Test func theScannerSeesOnlyCode() {
        let file = SourceFile(
            path: "Example.swift",
            text: #"""
                protocol Log {
                    func info(_ message: String)
                    init(level: Int)
                }
                // final class Commented: @unchecked Sendable {}
                /* a /* nested */ comment with func hidden() { */
                struct Example {
                    let text = "{ func fake() { \(["key": "}"]["key"]!) "
                    let raw = #"a " } \(not) "#
                    let block = """
                        func alsoFake() {
                        """
                    func run(onDone: () -> Void = {}) throws -> Int {
                        let braces = "}}}"
                        return braces.count
                    }
                    init?(
                        value: Int
                    ) where Int: Sendable {
                        guard value > 0 else { return nil }
                    }
                }
                final class Unsafe: @unchecked Sendable {}  // safe: never mutated
                nonisolated(unsafe) var counter = 0
                """#)
        #expect(file.declarations.map(\.name) == ["func run", "init"])
        #expect(file.declarations.map(\.line) == [13, 17])
        #expect(file.declarations.map(\.lines) == [4, 5])
        #expect(file.escapeHatches.map(\.line) == [23, 24])
        #expect(file.escapeHatches.map(\.explained) == [true, false])
        #expect(file.lineCount == 24)
    }
}
