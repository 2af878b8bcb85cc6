import Foundation
import RepoWatchStorage

/// The repositories of a snapshot, in site.yml's order, kept as compact records in a spool rather
/// than as objects: a repository is many small allocations as values (strings, contributors) and a
/// build holds every one of them from the first fetch to the last page. Reading one decodes its
/// record; writing one appends a new record (docs/fast-paths.md).
package struct RepoList: Sendable {
    private var records: [RecordSpool.Record]
    private let spool: RecordSpool

    package init() { self.init([], spool: RecordSpool()) }

    package init<Repos: Sequence>(_ repos: Repos, spool: RecordSpool = RecordSpool())
    where Repos.Element == RepoSnapshot {
        self.spool = spool
        records = repos.map { spool.append(RepoRecord.encode($0)) }
    }

    /// `count` copies of `repo`, to be replaced one by one (sharing one record until then).
    package init(repeating repo: RepoSnapshot, count: Int, spool: RecordSpool) {
        self.spool = spool
        records = Array(repeating: spool.append(RepoRecord.encode(repo)), count: count)
    }

    package mutating func append(_ repo: RepoSnapshot) { records.append(spool.append(RepoRecord.encode(repo))) }

    /// Only the repositories at these positions, in their order.
    package mutating func keep(_ positions: [Int]) { records = positions.map { records[$0] } }

    /// Each repository's record (every field, `RepoRecord`), in order, without decoding it: what a
    /// fingerprint of the snapshot reads.
    package func forEachRecord(_ body: ([UInt8]) throws -> Void) rethrows {
        for record in records { try body(spool.read(record)) }
    }
}

extension RepoList: RandomAccessCollection, MutableCollection {
    package var startIndex: Int { 0 }
    package var endIndex: Int { records.count }

    package subscript(position: Int) -> RepoSnapshot {
        get { RepoRecord.decode(spool.read(records[position])) }
        set { records[position] = spool.append(RepoRecord.encode(newValue)) }
    }
}

extension RepoList: ExpressibleByArrayLiteral {
    package init(arrayLiteral repos: RepoSnapshot...) { self.init(repos) }
}

extension RepoList: Equatable {
    package static func == (a: RepoList, b: RepoList) -> Bool { a.elementsEqual(b) }
}

extension RepoList: Codable {
    package init(from decoder: Decoder) throws { self.init(try [RepoSnapshot](from: decoder)) }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.unkeyedContainer()
        for repo in self { try container.encode(repo) }
    }
}

/// A `RepoSnapshot` as bytes, every field in declaration order. A field added to `RepoSnapshot`
/// must be added here too: `RepoListTests` round-trips a repository with every field set.
enum RepoRecord {
    static func encode(_ repo: RepoSnapshot) -> [UInt8] {
        var out = RecordWriter()
        out.write(repo.configName)
        out.write(repo.fullName) { $0.write($1) }
        out.write(repo.htmlURL) { $0.write($1) }
        out.write(repo.description) { $0.write($1) }
        out.write(repo.stars) { $0.write($1) }
        out.write(repo.forks) { $0.write($1) }
        out.write(repo.openIssues) { $0.write($1) }
        out.write(repo.openPulls) { $0.write($1) }
        out.write(repo.openIssuesIncludePulls)
        out.write(repo.hasIssues) { $0.write($1) }
        out.write(repo.archived) { $0.write($1) }
        out.write(repo.pushedAt) { $0.write($1) }
        out.write(repo.daysSincePush) { $0.write($1) }
        out.write(repo.ownerAvatar) { $0.write($1) }
        out.write(repo.contributors.count)
        for person in repo.contributors {
            out.write(person.login)
            out.write(person.contributions)
            out.write(person.avatar) { $0.write($1) }
        }
        out.write(repo.contributorsNote) { $0.write($1) }
        out.write(repo.fetchedAt) { $0.write($1) }
        out.write(repo.stale)
        out.write(repo.staleness) { $1.write(to: &$0) }
        out.write(repo.source) { out, source in out.write(source.ownerName) { $0.write($1) } }
        out.write(repo.failureIsTransient)
        out.write(repo.release) { out, release in
            out.write(release.tag)
            out.write(release.publishedAt) { $0.write($1) }
        }
        out.write(repo.language) { out, language in
            out.write(language.name)
            out.write(language.color) { $0.write($1) }
        }
        out.write(repo.topics.count)
        for topic in repo.topics { out.write(topic) }
        out.write(repo.isPrivate)
        out.write(repo.pending)
        out.write(repo.isGone)
        out.write(repo.openPullsAtLeast)
        out.write(byte: repo.membersOnly.rawValue)
        return out.bytes
    }

    static func decode(_ bytes: [UInt8]) -> RepoSnapshot {
        var input = RecordReader(bytes)
        var repo = RepoSnapshot(configName: input.readString())
        repo.fullName = input.readOptional { $0.readString() }
        repo.htmlURL = input.readOptional { $0.readString() }
        repo.description = input.readOptional { $0.readString() }
        repo.stars = input.readOptional { $0.readInt() }
        repo.forks = input.readOptional { $0.readInt() }
        repo.openIssues = input.readOptional { $0.readInt() }
        repo.openPulls = input.readOptional { $0.readInt() }
        repo.openIssuesIncludePulls = input.readBool()
        repo.hasIssues = input.readOptional { $0.readBool() }
        repo.archived = input.readOptional { $0.readBool() }
        repo.pushedAt = input.readOptional { $0.readDate() }
        repo.daysSincePush = input.readOptional { $0.readInt() }
        repo.ownerAvatar = input.readOptional { $0.readString() }
        let people = input.readInt()
        repo.contributors.reserveCapacity(people)
        for _ in 0..<people {
            let login = input.readString()
            let contributions = input.readInt()
            repo.contributors.append(
                Contributor(login: login, contributions: contributions, avatar: input.readOptional { $0.readString() }))
        }
        repo.contributorsNote = input.readOptional { $0.readString() }
        repo.fetchedAt = input.readOptional { $0.readDate() }
        repo.stale = input.readBool()
        repo.staleness = input.readOptional { Staleness.read(from: &$0) }
        repo.source = input.readOptional { input in
            input.readOptional { $0.readString() }.map(RepoSource.owner) ?? .repos
        }
        repo.failureIsTransient = input.readBool()
        repo.release = input.readOptional { input in
            RepoRelease(tag: input.readString(), publishedAt: input.readOptional { $0.readDate() })
        }
        repo.language = input.readOptional { input in
            RepoLanguage(name: input.readString(), color: input.readOptional { $0.readString() })
        }
        repo.topics = (0..<input.readInt()).map { _ in input.readString() }
        repo.isPrivate = input.readBool()
        repo.pending = input.readBool()
        repo.isGone = input.readBool()
        repo.openPullsAtLeast = input.readBool()
        repo.membersOnly = MembersOnly(rawValue: input.readByte())
        return repo
    }
}
