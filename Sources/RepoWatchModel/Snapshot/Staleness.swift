import RepoWatchStorage
import RepoWatchSupport

/// Why a repository shows something other than what GitHub answered this build: the cache's or the
/// previous site's copy (stale), or nothing at all (unavailable). The report counts by case and the
/// cards print `description`, so neither has to recover a meaning from words.
package enum Staleness: Sendable, Equatable, CustomStringConvertible {
    /// `--offline`: the cache's copy, as the user asked.
    case offline
    /// `--offline`, and the cache has nothing for the repository.
    case noDataYet
    /// This build's budget (`--budget`) was spent before the repository's request was sent.
    case deferred(budget: Int)
    /// GitHub, or the way to it, failed: its failure in words.
    case failed(String)
    /// The previous site stands in for a repository this build did not fetch.
    case notFetched
    /// The repository loaded, but its open issues and pull requests could not be counted now.
    case uncounted(String)
    /// The repository loaded, but its contributors could not be listed now.
    case contributorsUnlisted(String)
    /// The owner whose listing named the repository could not be listed.
    case ownerUnlisted(owner: String, reason: String)
    /// The words an earlier build wrote into `data/snapshot.json`, read back as they were (the file
    /// keeps the words, which are its contract, not the case).
    case earlier(String)

    package var description: String {
        switch self {
        case .offline: "built offline from the cache"
        case .noDataYet: "no data yet"
        case .deferred(let budget):
            "deferred to a later build: this build's budget of \(Formatting.plural(budget, "request", "requests")) is spent"
        case .failed(let words), .earlier(let words): words
        case .notFetched: "not fetched in this build"
        case .uncounted(let problem): "open issues and pull requests could not be counted now (\(problem))"
        case .contributorsUnlisted(let failure): "could not list contributors: \(failure)"
        case .ownerUnlisted(let owner, let reason): "owner \(owner) could not be listed: \(reason)"
        }
    }
}

/// Tests and fixtures name a failure by its words.
extension Staleness: ExpressibleByStringLiteral {
    package init(stringLiteral words: String) { self = .failed(words) }
}

/// The spool's form of a staleness: a tag, then its detail.
extension Staleness {
    private enum Tag: UInt8 {
        case offline, noDataYet, deferred, failed, notFetched, uncounted, contributorsUnlisted, ownerUnlisted, earlier
    }

    func write(to out: inout RecordWriter) {
        switch self {
        case .offline: out.write(byte: Tag.offline.rawValue)
        case .noDataYet: out.write(byte: Tag.noDataYet.rawValue)
        case .deferred(let budget):
            out.write(byte: Tag.deferred.rawValue)
            out.write(budget)
        case .failed(let words):
            out.write(byte: Tag.failed.rawValue)
            out.write(words)
        case .notFetched: out.write(byte: Tag.notFetched.rawValue)
        case .uncounted(let problem):
            out.write(byte: Tag.uncounted.rawValue)
            out.write(problem)
        case .contributorsUnlisted(let failure):
            out.write(byte: Tag.contributorsUnlisted.rawValue)
            out.write(failure)
        case .ownerUnlisted(let owner, let reason):
            out.write(byte: Tag.ownerUnlisted.rawValue)
            out.write(owner)
            out.write(reason)
        case .earlier(let words):
            out.write(byte: Tag.earlier.rawValue)
            out.write(words)
        }
    }

    static func read(from input: inout RecordReader) -> Staleness {
        switch Tag(rawValue: input.readByte()) {
        case .offline: .offline
        case .noDataYet: .noDataYet
        case .deferred: .deferred(budget: input.readInt())
        case .failed: .failed(input.readString())
        case .notFetched: .notFetched
        case .uncounted: .uncounted(input.readString())
        case .contributorsUnlisted: .contributorsUnlisted(input.readString())
        case .ownerUnlisted: .ownerUnlisted(owner: input.readString(), reason: input.readString())
        case .earlier, nil: .earlier(input.readString())
        }
    }
}
