import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSources
import RepoWatchSupport

/// `build --json` and `check --json`: the command's result as one JSON document on stdout, for
/// scripts and CI. Its shape is documented in docs/cli.md; `schema` changes when a field's meaning
/// does (fields may be added without it). Keys come in the documented order, the same bytes every
/// run: written through `OrderedJSON`, since `JSONEncoder` on Linux orders keys by a hash seeded
/// per process.
package enum ResultDocument {
    package static let schema = 1

    /// One repository as the build left it.
    struct Repository {
        var name: String
        var fullName: String?
        var source: String
        /// As the widgets' `data-state` (`DataState`).
        var state: String
        /// Why it is not fresh: GitHub's answer, the budget's deferral, `--offline`; nil when fresh.
        var reason: String?
        var fetchedAt: String?

        var json: OrderedJSON {
            .object([
                ("name", .string(name)), ("full_name", .string(fullName)), ("source", .string(source)),
                ("state", .string(state)), ("reason", .string(reason)), ("fetched_at", .string(fetchedAt)),
            ])
        }
    }

    struct Counts {
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

        var json: OrderedJSON {
            .object([
                ("repositories", .int(repositories)), ("fresh", .int(fresh)), ("stale", .int(stale)),
                ("unavailable", .int(unavailable)), ("pending", .int(pending)), ("sample", .int(sample)),
            ])
        }
    }

    struct Files {
        var total: Int
        var written: Int
        var unchanged: Int
        var bytes: Int

        var json: OrderedJSON {
            .object([
                ("total", .int(total)), ("written", .int(written)), ("unchanged", .int(unchanged)),
                ("bytes", .int(bytes)),
            ])
        }
    }

    struct Requests {
        var made: Int
        var notModified: Int
        var cacheHits: Int
        var fromCacheOnly: Int
        var retries: Int

        init(_ counts: RequestLedger.Counts) {
            made = counts.requests
            notModified = counts.notModified
            cacheHits = counts.keptAnswers
            fromCacheOnly = counts.fromCacheOnly
            retries = counts.retries
        }

        var json: OrderedJSON {
            .object([
                ("made", .int(made)), ("not_modified", .int(notModified)), ("cache_hits", .int(cacheHits)),
                ("from_cache_only", .int(fromCacheOnly)), ("retries", .int(retries)),
            ])
        }
    }

    struct Quota {
        var remaining: Int?
        var limit: Int?

        var json: OrderedJSON { .object([("remaining", .int(remaining)), ("limit", .int(limit))]) }
    }

    /// Another forge's host (`requests` and `quota` above are GitHub's alone): its own requests and
    /// what its quota left, never added to GitHub's.
    struct ForgeHost {
        var host: String
        var kind: String
        var requests: Requests
        var quota: Quota

        init(_ usage: ForgeUsage) {
            host = usage.host
            kind = usage.kind.rawValue
            requests = Requests(usage.requests)
            quota = Quota(remaining: usage.requests.quotaRemaining, limit: usage.requests.quotaLimit)
        }

        var json: OrderedJSON {
            .object([
                ("host", .string(host)), ("kind", .string(kind)), ("requests", requests.json),
                ("quota", quota.json),
            ])
        }
    }

    struct Problem {
        var severity: String
        var file: String? = nil
        var line: Int? = nil
        var column: Int? = nil
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

        var json: OrderedJSON {
            .object([
                ("severity", .string(severity)), ("file", .string(file)), ("line", .int(line)),
                ("column", .int(column)), ("message", .string(message)),
            ])
        }
    }

    struct Build {
        var ok: Bool
        var exitStatus: Int32
        var sample: Bool
        var output: String
        var generatedAt: String
        var elapsedSeconds: Double
        var files: Files
        var counts: Counts
        var requests: Requests?
        var quota: Quota?
        var forges: [ForgeHost]
        var repos: [Repository]
        var ownerFailures: [String]
        var errors: [Problem] = []

        var json: OrderedJSON {
            .object([
                ("schema", .int(ResultDocument.schema)), ("command", .string("build")), ("ok", .bool(ok)),
                ("exit_status", .int(Int(exitStatus))), ("sample", .bool(sample)), ("output", .string(output)),
                ("generated_at", .string(generatedAt)), ("elapsed_seconds", .double(elapsedSeconds)),
                ("files", files.json), ("counts", counts.json), ("requests", requests?.json ?? .null),
                ("quota", quota?.json ?? .null), ("forges", .array(forges.map(\.json))),
                ("repos", .array(repos.map(\.json))),
                ("owner_failures", .array(ownerFailures.map { .string($0) })),
                ("errors", .array(errors.map(\.json))),
            ])
        }
    }

    /// A command that stopped before a result: its errors (and, for `check`, its warnings).
    struct Failure {
        var command: String
        var exitStatus: Int32
        var errors: [Problem]
        var warnings: [Problem]

        var json: OrderedJSON {
            .object([
                ("schema", .int(ResultDocument.schema)), ("command", .string(command)), ("ok", .bool(false)),
                ("exit_status", .int(Int(exitStatus))), ("errors", .array(errors.map(\.json))),
                ("warnings", .array(warnings.map(\.json))),
            ])
        }
    }

    struct Check {
        var summary: String
        var warnings: [Problem]

        var json: OrderedJSON {
            .object([
                ("schema", .int(ResultDocument.schema)), ("command", .string("check")), ("ok", .bool(true)),
                ("exit_status", .int(0)), ("summary", .string(summary)), ("errors", .array([])),
                ("warnings", .array(warnings.map(\.json))),
            ])
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
                    reason: state == .fresh || state == .sample
                        ? nil : repo.staleness?.description ?? reasonless(state),
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
            requests: result.requests.map(Requests.init),
            quota: result.requests.map { Quota(remaining: $0.quotaRemaining, limit: $0.quotaLimit) },
            forges: result.forges.map(ForgeHost.init), repos: repos, ownerFailures: result.ownerFailures)
        return document.json.text
    }

    private static func reasonless(_ state: DataState) -> String {
        state == .pending ? "not fetched yet: left for a later build by the request budget" : "no data"
    }

    /// `check --json` for a configuration that can be built.
    package static func check(summary: String, warnings: [Diagnostic]) -> String {
        Check(summary: summary, warnings: warnings.map(Problem.init)).json.text
    }

    /// Either command, stopped: the diagnostics (errors and warnings apart), or one error without a file.
    package static func failure(command: String, exitStatus: Int32, diagnostics: [Diagnostic], note: String?)
        -> String
    {
        var errors = diagnostics.filter { $0.severity == .error }.map(Problem.init)
        if let note { errors.append(Problem(error: note)) }
        return Failure(
            command: command, exitStatus: exitStatus, errors: errors,
            warnings: diagnostics.filter { $0.severity == .warning }.map(Problem.init)
        ).json.text
    }

    package static func failure(command: String, exitStatus: Int32, message: String) -> String {
        Failure(command: command, exitStatus: exitStatus, errors: [Problem(error: message)], warnings: []).json.text
    }
}
