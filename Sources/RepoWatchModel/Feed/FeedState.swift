import Foundation

/// What the feeds remember between builds: the entries told so far, newest first
/// (`.repowatch/feed.json`, schema 2), and what each repository looked like when last seen, to tell
/// what changed (`feed-memory.tsv` beside it: `FeedMemoryTable`). Schema 1 held the repositories in
/// the JSON too; it is still read.
package struct FeedState: Codable, Sendable, Equatable {
    package static let schemaVersion = 2
    /// The schemas `parse` reads.
    static let readableSchemas = 1...2
    /// The site feed's length; a repository's feed is the same entries, filtered.
    package static let limit = 100

    package var schema = FeedState.schemaVersion
    package var entries: [FeedEntry]
    /// By lowercased config name.
    package var repos: [String: FeedMemory]
    /// The first build that kept this feed: its `updated` while it has no entry, so an empty feed
    /// is not rewritten by every build.
    package var started: Date?
    /// The repositories (lowercased names) whose releases the last `observe` withheld: their forge
    /// shows them to the project's members only. Not kept: each build finds them again.
    package var withheldReleases: Set<String> = []

    package init(entries: [FeedEntry] = [], repos: [String: FeedMemory] = [:], started: Date? = nil) {
        self.entries = entries
        self.repos = repos
        self.started = started
    }

    /// Adds entries not told yet (by id), newest first, keeping the last `limit`.
    package mutating func add(_ new: [FeedEntry]) {
        let fresh = untold(new)
        guard !fresh.isEmpty else { return }
        entries = Self.newest(fresh + entries)
    }

    /// `new` without the entries already told (by id), each id once.
    func untold(_ new: [FeedEntry]) -> [FeedEntry] {
        let known = Set(entries.map(\.id))
        var seen = Set<String>()
        return new.filter { !known.contains($0.id) && seen.insert($0.id).inserted }
    }

    /// The `limit` newest; stable: entries of one moment keep the order they were told in.
    static func newest(_ list: [FeedEntry]) -> [FeedEntry] {
        let sorted = list.enumerated().sorted { left, right in
            left.element.updated != right.element.updated
                ? left.element.updated > right.element.updated : left.offset < right.offset
        }
        return Array(sorted.prefix(limit).map(\.element))
    }

    package static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    /// Decoded from `feed.json`, as the current schema: the repositories only from a schema 1 file
    /// (`FeedFile` reads schema 2's from `feed-memory.tsv`).
    package static func parse(_ data: Data) throws -> FeedState {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(FeedState.self, from: data)
    }

    private enum CodingKeys: String, CodingKey {
        case schema, entries, repos, started
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let schema = try container.decode(Int.self, forKey: .schema)
        guard Self.readableSchemas.contains(schema) else { throw FeedStateError.schema(schema) }
        entries = try container.decode([FeedEntry].self, forKey: .entries)
        repos = try container.decodeIfPresent([String: FeedMemory].self, forKey: .repos) ?? [:]
        started = try container.decodeIfPresent(Date.self, forKey: .started)
    }

    /// Without the repositories: decoding them as JSON held the file, the decoder's map of it and
    /// the dictionary at once (docs/fast-paths.md); `FeedMemoryTable` reads them line by line.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.schemaVersion, forKey: .schema)
        try container.encode(entries, forKey: .entries)
        try container.encodeIfPresent(started, forKey: .started)
    }
}

enum FeedStateError: Error, CustomStringConvertible {
    case schema(Int)

    var description: String {
        switch self {
        case .schema(let found):
            "schema \(found), expected \(FeedState.readableSchemas.map(String.init).joined(separator: " or "))"
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

    package init(
        fullName: String?, release: String?, archived: Bool, pushedAt: Date?, milestones: [Int], gone: Bool
    ) {
        self.fullName = fullName
        self.release = release
        self.archived = archived
        self.pushedAt = pushedAt
        self.milestones = milestones
        self.gone = gone
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
enum StarMilestones {
    static func passed(by stars: Int) -> [Int] {
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
