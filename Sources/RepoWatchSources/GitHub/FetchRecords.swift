import Foundation
import RepoWatchModel
import RepoWatchSupport
import Synchronization

/// When each repository's contributors were last asked of GitHub, and its `pushed_at` then, in
/// `fetched.tsv` beside the response cache (one line a repository: key, time, pushed_at). It
/// decides two things:
///
/// - **Ask only what can have changed.** Contributors change only with a push: a repository whose
///   `pushed_at` has not moved since they were asked keeps them with no request (from the cache),
///   until they are `maximumAge` old; `--refresh` asks everything.
/// - **Oldest first.** A build that cannot ask everything (`--budget`) asks the repositories that
///   waited longest first, never-asked ones before all, so a site larger than one build's budget
///   converges over builds.
///
/// Held as an array in the site's order (16 bytes a repository), not a dictionary of names.
package final class FetchRecords: Sendable {
    /// Contributors asked this long ago are asked again even without a push.
    static let maximumAge: TimeInterval = 7 * 24 * 3600
    package static let fileName = KeptFile.fetchRecords.name

    package struct Record: Sendable, Equatable {
        /// Seconds since 1970 when contributors were last asked; 0: never.
        package var askedAt: Double = 0
        /// `pushed_at` then, in seconds since 1970; nil: never pushed.
        package var pushedAt: Double?

        package init(askedAt: Double = 0, pushedAt: Double? = nil) {
            self.askedAt = askedAt
            self.pushedAt = pushedAt
        }
    }

    package let url: URL
    /// Whether `fetched.tsv` was there: without it the cache was lost (or never made), and the
    /// previous site may hold what this build does not reach.
    let foundFile: Bool
    private let repos: [RepoName]
    private let records: Mutex<[Record]>
    /// Whether a line of a repository left out went: then even an `--offline` build writes the file.
    private let forgotLines: Mutex<Bool>

    /// The records of `repos` (the site's list), read from `cacheDirectory`; a repository without
    /// a line, and every line of a damaged file, read as never asked.
    package init(cacheDirectory: URL, repos: [RepoName], index: RepoIndex? = nil) {
        url = cacheDirectory.appendingPathComponent(Self.fileName)
        self.repos = repos
        var loaded = [Record](repeating: Record(), count: repos.count)
        var othersFound = false
        let data = FileManager.default.contents(atPath: url.path)
        foundFile = data != nil
        if let data {
            let index = index ?? RepoIndex(repos)
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard fields.count == 3, let name = RepoName.parse(String(fields[0])).value,
                    let position = index.position(of: name), let askedAt = Double(fields[1]), askedAt.isFinite
                else {
                    // A repository no longer in the site (an owner's list now holds it as private):
                    // its line goes even in an `--offline` build.
                    othersFound = true
                    continue
                }
                loaded[position] = Record(askedAt: askedAt, pushedAt: Double(fields[2]))
            }
        }
        records = Mutex(loaded)
        forgotLines = Mutex(othersFound)
    }

    package subscript(position: Int) -> Record { records.withLock { $0[position] } }

    /// Whether the contributors of the repository at `position` can be kept without asking.
    package func unchanged(at position: Int, pushedAt: Date?, now: Date) -> Bool {
        let record = self[position]
        guard record.askedAt > 0, now.timeIntervalSince1970 - record.askedAt < Self.maximumAge else { return false }
        return record.pushedAt == pushedAt?.timeIntervalSince1970
    }

    /// Contributors were just asked (answered 200 or 304).
    func asked(at position: Int, pushedAt: Date?, now: Date) {
        records.withLock {
            $0[position] = Record(askedAt: now.timeIntervalSince1970, pushedAt: pushedAt?.timeIntervalSince1970)
        }
    }

    /// A repository the site leaves out (private): no line of it stays in `fetched.tsv`.
    func forget(at position: Int) {
        let had = records.withLock { records in
            defer { records[position] = Record() }
            return records[position].askedAt > 0
        }
        if had { forgotLines.withLock { $0 = true } }
    }

    /// Whether `forget(at:)` took a line an earlier build wrote, or the file names a repository no
    /// longer in the site (an `--offline` build saves nothing else, but must not leave a private
    /// repository's name behind).
    var forgotSomething: Bool { forgotLines.withLock { $0 } }

    /// Positions, the longest waiting first (never asked before all); ties keep the site's order.
    func oldestFirst() -> [Int] {
        let times = records.withLock { $0.map(\.askedAt) }
        return times.indices.sorted { times[$0] != times[$1] ? times[$0] < times[$1] : $0 < $1 }
    }

    /// Written whole, atomically; repositories no longer in the site are gone from it. A file that
    /// cannot be written costs requests next build, nothing else.
    package func save() {
        var text = ""
        records.withLock { records in
            text.reserveCapacity(records.count * 48)
            for (position, record) in records.enumerated() where record.askedAt > 0 {
                text += "\(repos[position].key)\t\(record.askedAt)\t\(record.pushedAt.map { "\($0)" } ?? "")\n"
            }
        }
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileIO.writeAtomically(Data(text.utf8), to: url.path)
        } catch {}
    }
}
