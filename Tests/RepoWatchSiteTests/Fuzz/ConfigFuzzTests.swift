import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchSite

/// 1,000 broken site.yml files (fixed seed, so a failure names a mutant that can be made again):
/// each loads, or fails with diagnostics that all name `site.yml:LINE:COL` inside the file; never a
/// crash or a hang. A sample goes through the binary for its exit status.
@Suite("Fuzz: mutated site.yml files", .timeLimit(.minutes(10)))
struct ConfigFuzzTests {
    static let seed: UInt64 = 0x5349_5445_594D_4C
    static let count = 1_000
    static let binaryRuns = 30

    /// The mutants, the same on every run.
    static func mutants(_ count: Int) -> [Data] {
        var mutator = ConfigMutator(seed: seed)
        return (0..<count).map { _ in mutator.mutant() }
    }

    /// What is wrong with these diagnostics: each must name the file, a line within it (or just past
    /// its end) and a column.
    static func positionProblems(_ diagnostics: [Diagnostic], path: String, data: Data, mutant: Int) -> [String] {
        let lineCount = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
        return diagnostics.compactMap { diagnostic in
            let inside = diagnostic.line >= 1 && diagnostic.line <= lineCount + 1 && diagnostic.column >= 1
            let named =
                diagnostic.file == path
                && diagnostic.description.hasPrefix("\(path):\(diagnostic.line):\(diagnostic.column): ")
            return inside && named ? nil : "mutant \(mutant): \(diagnostic) (the file has \(lineCount) lines)"
        }
    }

    struct Outcome: Sendable {
        var loaded = 0
        var refused = 0
        var problems: [String] = []
    }

    /// Loads every mutant (on a thread of its own: the loop is seconds of CPU, which the suite's
    /// other tests need their cooperative threads for).
    static func loadMutants(in dir: URL) async throws -> Outcome {
        try await offThePool {
            let path = dir.appendingPathComponent("site.yml").path
            var outcome = Outcome()
            for (index, data) in mutants(count).enumerated() {
                try data.write(to: URL(fileURLWithPath: path))
                do {
                    let result = try ConfigLoader.load(path: path)
                    outcome.problems += positionProblems(result.warnings, path: path, data: data, mutant: index)
                    outcome.loaded += 1
                } catch let error as DiagnosticsError {
                    outcome.problems += positionProblems(error.diagnostics, path: path, data: data, mutant: index)
                    if !error.diagnostics.contains(where: { $0.severity == .error }) {
                        outcome.problems.append("mutant \(index): refused without an error: \(error)")
                    }
                    outcome.refused += 1
                } catch {
                    outcome.problems.append("mutant \(index): \(type(of: error)): \(error)")
                }
            }
            return outcome
        }
    }

    @Test("1,000 mutants: each loads or names site.yml:LINE:COL for every problem")
    func mutatedFiles() async throws {
        let dir = try TempDir("fuzz-config")
        defer { dir.remove() }
        let outcome = try await Self.loadMutants(in: dir.url)
        print(
            "site.yml fuzz: \(Self.count) mutants, \(outcome.loaded) loaded, \(outcome.refused) refused with diagnostics"
        )
        #expect(outcome.problems.isEmpty, "\(outcome.problems.prefix(10))")
        #expect(outcome.loaded + outcome.refused == Self.count)
        // Both outcomes occur, or the mutations are too timid (or too brutal) to test anything.
        #expect(outcome.loaded >= 50 && outcome.refused >= 300, "loaded \(outcome.loaded), refused \(outcome.refused)")
    }

    /// A diagnostic's source line (`    3 | …`) or caret line (`      | ^`).
    static func isExcerpt(_ line: Substring) -> Bool {
        line.range(of: #"^ *\d* \| "#, options: .regularExpression) != nil
    }

    @Test("mutants through the binary: exit 0, 1 or 2, errors as site.yml:LINE:COL, never a crash or a hang")
    func binaryExitStatus() async throws {
        let dir = try TempDir("fuzz-config-binary")
        defer { dir.remove() }
        let mutants = Self.mutants(Self.binaryRuns)
        let environment = BinaryRunner.environment(home: dir.url.appendingPathComponent("home"))
        let pattern = try Regex(#"^site\.yml:\d+:\d+: (error|warning): "#)
        var statuses: [Int32: Int] = [:]
        for (index, data) in mutants.enumerated() {
            try data.write(to: dir.url.appendingPathComponent("site.yml"))
            let result = try await BinaryRunner.runNiced(
                ["build", "--sample", "--config", "site.yml", "--output", "public"], in: dir.url,
                environment: environment, timeout: 60)
            statuses[result.status, default: 0] += 1
            #expect(!result.timedOut && [0, 1, 2].contains(result.status), "mutant \(index): \(result)")
            if result.status == 2 {
                // Each diagnostic is followed by its source line and a caret (`    3 | …`, `      | ^`).
                let lines = result.stderr.split(separator: "\n").filter { !Self.isExcerpt($0) }
                #expect(!lines.isEmpty && lines.allSatisfy { $0.contains(pattern) }, "mutant \(index): \(result)")
            }
        }
        print("site.yml fuzz through the binary: exit statuses \(statuses.sorted { $0.key < $1.key })")
        #expect(statuses[0, default: 0] > 0 && statuses[2, default: 0] > 0, "\(statuses)")
    }

    @Test("a 10 MB site.yml loads, and one broken near its end names the line")
    func tenMegabytes() async throws {
        let dir = try TempDir("fuzz-config-large")
        defer { dir.remove() }
        let path = dir.url.appendingPathComponent("site.yml").path
        let (size, repos, lines, diagnostics) = try await offThePool {
            let large = ConfigMutator.large(bytes: 10 << 20)
            try large.write(to: URL(fileURLWithPath: path))
            let repos = try ConfigLoader.load(path: path).config.repos.count
            var broken = String(decoding: large, as: UTF8.self)
            broken += "  - not a repository name\n"
            try Data(broken.utf8).write(to: URL(fileURLWithPath: path))
            let lines = broken.split(separator: "\n", omittingEmptySubsequences: false).count
            var diagnostics: [Diagnostic] = []
            do { _ = try ConfigLoader.load(path: path) } catch let error as DiagnosticsError {
                diagnostics = error.diagnostics
            }
            return (large.count, repos, lines, diagnostics)
        }
        #expect(size >= 10 << 20)
        #expect(repos > 100_000)
        #expect(diagnostics.map(\.line) == [lines - 1], "\(diagnostics.prefix(3))")
    }

    @Test("a billion laughs: aliases of aliases are refused or read without expanding 10^9 nodes")
    func billionLaughs() throws {
        let dir = try TempDir("fuzz-config-laughs")
        defer { dir.remove() }
        let path = dir.url.appendingPathComponent("site.yml").path
        let text = (["title: Laughs"] + ConfigMutator.laughs(depth: 9)).joined(separator: "\n") + "\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: DiagnosticsError.self) { try ConfigLoader.load(path: path) }
    }
}

/// Runs seconds of synchronous work on a thread of its own, leaving the cooperative pool (a thread
/// per core) to the tests that run alongside.
func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
