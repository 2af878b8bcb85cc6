import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSupport

/// `build --json` and `check --json`: the command's result as one JSON document on stdout, for
/// scripts and CI. Its shape is documented in docs/cli.md; `schema` changes when a field's meaning
/// does (fields may be added without it).
package enum ResultDocument {
    package static let schema = 1

    /// One repository as the build left it.
    struct Repository: Encodable {
        var name: String
        @NullWhenAbsent var fullName: String?
        var source: String
        /// As the widgets' `data-state` (`DataState`).
        var state: String
        /// Why it is not fresh: GitHub's answer, the budget's deferral, `--offline`; nil when fresh.
        @NullWhenAbsent var reason: String?
        @NullWhenAbsent var fetchedAt: String?

        enum CodingKeys: String, CodingKey {
            case name, source, state, reason
            case fullName = "full_name"
            case fetchedAt = "fetched_at"
        }
    }

    struct Counts: Encodable {
        var repositories = 0
        var fresh = 0
        var stale = 0
        var unavailable = 0
        var pending = 0
        var sample = 0

        mutating func count(_ state: DataState) {
            repositories += 1
            switch state {
            case .fresh: fresh += 1
            case .stale: stale += 1
            case .unavailable: unavailable += 1
            case .pending: pending += 1
            case .sample: sample += 1
            }
        }
    }

    struct Files: Encodable {
        var total: Int
        var written: Int
        var unchanged: Int
        var bytes: Int
    }

    struct Requests: Encodable {
        var made: Int
        var notModified: Int
        var cacheHits: Int
        var fromCacheOnly: Int
        var retries: Int

        enum CodingKeys: String, CodingKey {
            case made, retries
            case notModified = "not_modified"
            case cacheHits = "cache_hits"
            case fromCacheOnly = "from_cache_only"
        }
    }

    struct Quota: Encodable {
        @NullWhenAbsent var remaining: Int?
        @NullWhenAbsent var limit: Int?
        enum CodingKeys: String, CodingKey { case remaining, limit }
    }

    struct Problem: Encodable {
        var severity: String
        @NullWhenAbsent var file: String? = nil
        @NullWhenAbsent var line: Int? = nil
        @NullWhenAbsent var column: Int? = nil
        var message: String

        init(_ diagnostic: Diagnostic) {
            severity = diagnostic.severity.rawValue
            file = diagnostic.file
            line = diagnostic.line
            column = diagnostic.column
            message = diagnostic.message
        }

        init(error message: String) {
            severity = "error"
            self.message = message
        }
        enum CodingKeys: String, CodingKey { case severity, file, line, column, message }
    }

    struct Build: Encodable {
        var schema = ResultDocument.schema
        var command = "build"
        var ok: Bool
        var exitStatus: Int32
        var sample: Bool
        var output: String
        var generatedAt: String
        var elapsedSeconds: Double
        var files: Files
        var counts: Counts
        @NullWhenAbsent var requests: Requests?
        @NullWhenAbsent var quota: Quota?
        var repos: [Repository]
        var ownerFailures: [String]
        var errors: [Problem] = []

        enum CodingKeys: String, CodingKey {
            case schema, command, ok, sample, output, files, counts, requests, quota, repos, errors
            case exitStatus = "exit_status"
            case generatedAt = "generated_at"
            case elapsedSeconds = "elapsed_seconds"
            case ownerFailures = "owner_failures"
        }
    }

    /// A command that stopped before a result: its errors (and, for `check`, its warnings).
    struct Failure: Encodable {
        var schema = ResultDocument.schema
        var command: String
        var ok = false
        var exitStatus: Int32
        var errors: [Problem]
        var warnings: [Problem]

        enum CodingKeys: String, CodingKey {
            case schema, command, ok, errors, warnings
            case exitStatus = "exit_status"
        }
    }

    struct Check: Encodable {
        var schema = ResultDocument.schema
        var command = "check"
        var ok = true
        var exitStatus: Int32 = 0
        var summary: String
        var errors: [Problem] = []
        var warnings: [Problem]

        enum CodingKeys: String, CodingKey {
            case schema, command, ok, summary, errors, warnings
            case exitStatus = "exit_status"
        }
    }

    /// `build --json` for a build that wrote the site.
    package static func build(_ result: BuildResult) -> String {
        var counts = Counts()
        var repos: [Repository] = []
        repos.reserveCapacity(result.snapshot.repos.count)
        for repo in result.snapshot.repos where !repo.isPrivate || result.includesPrivate {
            let state = repo.dataState(sample: result.snapshot.sample)
            counts.count(state)
            repos.append(
                Repository(
                    name: repo.configName, fullName: repo.fullName, source: (repo.source ?? .repos).description,
                    state: state.rawValue,
                    reason: state == .fresh || state == .sample ? nil : repo.error ?? reasonless(state),
                    fetchedAt: repo.fetchedAt.map(ISO8601.string)))
        }
        let document = Build(
            ok: result.exitCode == 0, exitStatus: result.exitCode, sample: result.snapshot.sample,
            output: result.output.path, generatedAt: ISO8601.string(result.snapshot.generatedAt),
            elapsedSeconds: (result.elapsed * 1000).rounded() / 1000,
            files: Files(
                total: result.fileCount, written: result.fileCount - result.unchangedCount,
                unchanged: result.unchangedCount, bytes: result.byteCount),
            counts: counts,
            requests: result.requests.map {
                Requests(
                    made: $0.requests, notModified: $0.notModified, cacheHits: $0.keptAnswers,
                    fromCacheOnly: $0.fromCacheOnly, retries: $0.retries)
            },
            quota: result.requests.map { Quota(remaining: $0.quotaRemaining, limit: $0.quotaLimit) },
            repos: repos, ownerFailures: result.ownerFailures)
        return encode(document)
    }

    private static func reasonless(_ state: DataState) -> String {
        state == .pending ? "not fetched yet: left for a later build by the request budget" : "no data"
    }

    /// `check --json` for a configuration that can be built.
    package static func check(summary: String, warnings: [Diagnostic]) -> String {
        encode(Check(summary: summary, warnings: warnings.map(Problem.init)))
    }

    /// Either command, stopped: the diagnostics (errors and warnings apart), or one error without a file.
    package static func failure(command: String, exitStatus: Int32, diagnostics: [Diagnostic], note: String?)
        -> String
    {
        var errors = diagnostics.filter { $0.severity == .error }.map(Problem.init)
        if let note { errors.append(Problem(error: note)) }
        return encode(
            Failure(
                command: command, exitStatus: exitStatus, errors: errors,
                warnings: diagnostics.filter { $0.severity == .warning }.map(Problem.init)))
    }

    package static func failure(command: String, exitStatus: Int32, message: String) -> String {
        encode(Failure(command: command, exitStatus: exitStatus, errors: [Problem(error: message)], warnings: []))
    }

    private static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        // Every value here is a string, number, bool or null: encoding cannot fail.
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        // A GitHub Actions log runs `##[command]` found anywhere in a line; "\u0023" is the same "#"
        // to a JSON reader, and no command to the runner.
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "##[", with: "#\\u0023[")
    }
}

/// An optional written as `null` when absent, where synthesized encoding would leave the key out:
/// every key of the documented shape is always there for a script to read.
@propertyWrapper
struct NullWhenAbsent<Value: Encodable>: Encodable {
    private var value: Value?
    var wrappedValue: Value? {
        get { value }
        set { value = newValue }
    }

    init(wrappedValue: Value?) { value = wrappedValue }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}
