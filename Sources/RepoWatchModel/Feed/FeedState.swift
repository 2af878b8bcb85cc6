import Foundation

/// What the feeds remember between builds (`.repowatch/feed.json`, schema 1): the entries told so
/// far, newest first, and what each repository looked like when last seen, to tell what changed.
package struct FeedState: Codable, Sendable, Equatable {
    package static let schemaVersion = 1
    /// The site feed's length; a repository's feed is the same entries, filtered.
    package static let limit = 100

    package var schema = FeedState.schemaVersion
    package var entries: [FeedEntry]
    /// By lowercased config name.
    package var repos: [String: FeedMemory]
    /// The first build that kept this feed: its `updated` while it has no entry, so an empty feed
    /// is not rewritten by every build.
    package var started: Date?

    package init(entries: [FeedEntry] = [], repos: [String: FeedMemory] = [:], started: Date? = nil) {
        self.entries = entries
        self.repos = repos
        self.started = started
    }

    /// Adds entries not told yet (by id), newest first, keeping the last `limit`.
    package mutating func add(_ new: [FeedEntry]) {
        let known = Set(entries.map(\.id))
        var seen = Set<String>()
        let fresh = new.filter { !known.contains($0.id) && seen.insert($0.id).inserted }
        guard !fresh.isEmpty else { return }
        // Stable: entries of one moment keep the order they were told in.
        let merged = (fresh + entries).enumerated().sorted { left, right in
            left.element.updated != right.element.updated
                ? left.element.updated > right.element.updated : left.offset < right.offset
        }
        entries = Array(merged.prefix(Self.limit).map(\.element))
    }

    package static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    package static func parse(_ data: Data) throws -> FeedState {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let state = try decoder.decode(FeedState.self, from: data)
        guard state.schema == schemaVersion else { throw FeedStateError.schema(state.schema) }
        return state
    }
}

package enum FeedStateError: Error, CustomStringConvertible {
    case schema(Int)

    package var description: String {
        switch self {
        case .schema(let found): "schema \(found), expected \(FeedState.schemaVersion)"
        }
    }
}

/// A repository as the last build saw it.
package struct FeedMemory: Codable, Sendable, Equatable {
    package var fullName: String?
    package var release: String?
    package var archived: Bool
    package var pushedAt: Date?
    /// Star milestones already told (or already passed when first seen): each is told once, even
    /// after a dip below it and a second crossing.
    package var milestones: [Int]
    /// Answered 404 after being seen; told once until it comes back.
    package var gone: Bool

    package enum CodingKeys: String, CodingKey {
        case release, archived, milestones, gone
        case fullName = "full_name"
        case pushedAt = "pushed_at"
    }

    package init(_ repo: RepoSnapshot) {
        fullName = repo.fullName
        release = repo.release?.tag
        archived = repo.archived ?? false
        pushedAt = repo.pushedAt
        milestones = StarMilestones.passed(by: repo.stars ?? 0)
        gone = false
    }
}

/// 1k, 5k, 10k, 50k, 100k, 500k, 1M, 5M, …
package enum StarMilestones {
    package static func passed(by stars: Int) -> [Int] {
        var found: [Int] = []
        var step = 1_000
        while step <= stars {
            found.append(step)
            if step * 5 <= stars { found.append(step * 5) }
            guard step <= Int.max / 10 else { break }
            step *= 10
        }
        return found
    }
}
