import Foundation

/// Everything the templates see, and what `public/data/snapshot.json` holds (schema 1).
package struct Snapshot: Codable, Sendable, Equatable {
    package static let schemaVersion = 1

    package var schema: Int = Snapshot.schemaVersion
    package var generatedAt: Date
    package var nextUpdate: Date
    package var sample: Bool
    package var repos: RepoList

    package init(generatedAt: Date, nextUpdate: Date, sample: Bool, repos: RepoList) {
        self.generatedAt = generatedAt
        self.nextUpdate = nextUpdate
        self.sample = sample
        self.repos = repos
    }

    package init(generatedAt: Date, nextUpdate: Date, sample: Bool, repos: [RepoSnapshot]) {
        self.init(generatedAt: generatedAt, nextUpdate: nextUpdate, sample: sample, repos: RepoList(repos))
    }

    package enum CodingKeys: String, CodingKey {
        case schema, sample, repos
        case generatedAt = "generated_at"
        case nextUpdate = "next_update"
    }

    package static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    package static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}

/// One repository as fetched (or not) at build time.
package struct RepoSnapshot: Codable, Sendable, Equatable {
    /// The name as written in site.yml.
    package var configName: String
    /// The name GitHub reports now (differs after a rename); nil when never fetched.
    package var fullName: String?
    package var htmlURL: String?
    package var description: String?
    package var stars: Int?
    package var forks: Int?
    /// Open issues only, or issues and pull requests together when `openIssuesIncludePulls`.
    package var openIssues: Int?
    /// Open pull requests, when GraphQL counted them apart from issues.
    package var openPulls: Int?
    /// True when `openIssues` is REST's `open_issues_count`, which counts pull requests too.
    package var openIssuesIncludePulls = false
    /// `openPulls` is where the forge stopped counting, not the count: GitLab counts no further than
    /// 10,000 (the card shows "10,000+").
    package var openPullsAtLeast = false
    package var hasIssues: Bool?
    package var archived: Bool?
    package var pushedAt: Date?
    package var daysSincePush: Int?
    /// Root-relative path under `avatars/`.
    package var ownerAvatar: String?
    package var contributors: [Contributor]
    /// Why the contributor list is missing even though the repository loaded (e.g. too large).
    package var contributorsNote: String?
    package var fetchedAt: Date?
    package var stale: Bool
    /// Why the numbers are not this build's answer (stale), or why there are none (unavailable);
    /// snapshot.json's `error` holds its words.
    package var staleness: Staleness?
    /// `repos:` or an `owners:` entry; nil (written "repos") in snapshots from before owners.
    package var source: RepoSource?
    /// The latest release (GraphQL only: nil without a token).
    package var release: RepoRelease?
    package var language: RepoLanguage?
    package var topics: [String] = []
    /// GitHub's `private`: such a repository is published only when the site opts in.
    package var isPrivate = false
    /// What its forge shows to the project's members only: never asked, never published; the card
    /// says so (`members_only` in snapshot.json, only where not empty).
    package var membersOnly: MembersOnly = []
    /// Not reached yet by a budgeted build (`--budget`) and never fetched whole before: not an
    /// error. Its numbers are shown where its owner's listing or GraphQL gave them; its
    /// contributors come with a later build.
    package var pending = false
    /// Whether `staleness` may pass (a 5xx, a timeout, a rate limit) rather than mean the repository is
    /// gone; only then does the previous build's data stand in. Not part of snapshot.json.
    package var failureIsTransient = false
    /// GitHub answered 404: the feeds tell "gone" for a repository seen before. Not part of snapshot.json.
    package var isGone = false

    package init(
        configName: String, fullName: String? = nil, htmlURL: String? = nil, description: String? = nil,
        stars: Int? = nil, forks: Int? = nil, openIssues: Int? = nil, hasIssues: Bool? = nil,
        openPulls: Int? = nil, openIssuesIncludePulls: Bool = false,
        archived: Bool? = nil, pushedAt: Date? = nil, daysSincePush: Int? = nil, ownerAvatar: String? = nil,
        contributors: [Contributor] = [], contributorsNote: String? = nil, fetchedAt: Date? = nil,
        stale: Bool = false, staleness: Staleness? = nil
    ) {
        self.configName = configName
        self.fullName = fullName
        self.htmlURL = htmlURL
        self.description = description
        self.stars = stars
        self.forks = forks
        self.openIssues = openIssues
        self.hasIssues = hasIssues
        self.openPulls = openPulls
        self.openIssuesIncludePulls = openIssuesIncludePulls
        self.archived = archived
        self.pushedAt = pushedAt
        self.daysSincePush = daysSincePush
        self.ownerAvatar = ownerAvatar
        self.contributors = contributors
        self.contributorsNote = contributorsNote
        self.fetchedAt = fetchedAt
        self.stale = stale
        self.staleness = staleness
    }

    /// A repository a budgeted build did not reach and no build has fetched yet: no data, no error.
    package static func pending(_ name: RepoName) -> RepoSnapshot {
        var repo = RepoSnapshot(configName: name.description)
        repo.pending = true
        return repo
    }

    /// A repository with no data at all: its widget says so instead of showing numbers.
    package static func unavailable(_ name: RepoName, reason: Staleness, transient: Bool = false) -> RepoSnapshot {
        var repo = RepoSnapshot(configName: name.description, staleness: reason)
        repo.failureIsTransient = transient
        return repo
    }

    package var isAvailable: Bool { stars != nil && fetchedAt != nil }

    package enum CodingKeys: String, CodingKey {
        case description, stars, forks, archived, contributors, stale, source
        case staleness = "error"
        case configName = "config_name"
        case fullName = "full_name"
        case htmlURL = "html_url"
        case openIssues = "open_issues"
        case openPulls = "open_pulls"
        case openIssuesIncludePulls = "open_issues_include_pulls"
        case openPullsAtLeast = "open_pulls_at_least"
        case hasIssues = "has_issues"
        case pushedAt = "pushed_at"
        case daysSincePush = "days_since_push"
        case ownerAvatar = "owner_avatar"
        case contributorsNote = "contributors_note"
        case fetchedAt = "fetched_at"
        case release, language, topics, pending
        case isPrivate = "private"
        case membersOnly = "members_only"
    }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        configName = try container.decode(String.self, forKey: .configName)
        fullName = try container.decodeIfPresent(String.self, forKey: .fullName)
        htmlURL = try container.decodeIfPresent(String.self, forKey: .htmlURL)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        stars = try container.decodeIfPresent(Int.self, forKey: .stars)
        forks = try container.decodeIfPresent(Int.self, forKey: .forks)
        openIssues = try container.decodeIfPresent(Int.self, forKey: .openIssues)
        openPulls = try container.decodeIfPresent(Int.self, forKey: .openPulls)
        // Snapshots written before the split held REST's combined count.
        openIssuesIncludePulls =
            try container.decodeIfPresent(Bool.self, forKey: .openIssuesIncludePulls) ?? (openPulls == nil)
        openPullsAtLeast = try container.decodeIfPresent(Bool.self, forKey: .openPullsAtLeast) ?? false
        hasIssues = try container.decodeIfPresent(Bool.self, forKey: .hasIssues)
        archived = try container.decodeIfPresent(Bool.self, forKey: .archived)
        pushedAt = try container.decodeIfPresent(Date.self, forKey: .pushedAt)
        daysSincePush = try container.decodeIfPresent(Int.self, forKey: .daysSincePush)
        ownerAvatar = try container.decodeIfPresent(String.self, forKey: .ownerAvatar)
        contributors = try container.decodeIfPresent([Contributor].self, forKey: .contributors) ?? []
        contributorsNote = try container.decodeIfPresent(String.self, forKey: .contributorsNote)
        fetchedAt = try container.decodeIfPresent(Date.self, forKey: .fetchedAt)
        stale = try container.decodeIfPresent(Bool.self, forKey: .stale) ?? false
        // The file keeps the words, not the case: an earlier build's reason reads back as its words.
        staleness = try container.decodeIfPresent(String.self, forKey: .staleness).map(Staleness.earlier)
        // Snapshots written before owners: every repository came from `repos:`.
        source = try container.decodeIfPresent(RepoSource.self, forKey: .source) ?? .repos
        release = try container.decodeIfPresent(RepoRelease.self, forKey: .release)
        language = try container.decodeIfPresent(RepoLanguage.self, forKey: .language)
        topics = try container.decodeIfPresent([String].self, forKey: .topics) ?? []
        isPrivate = try container.decodeIfPresent(Bool.self, forKey: .isPrivate) ?? false
        pending = try container.decodeIfPresent(Bool.self, forKey: .pending) ?? false
        membersOnly = try container.decodeIfPresent(MembersOnly.self, forKey: .membersOnly) ?? []
    }

    // Optionals are written as null so every key of the schema is always present.
    package func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(configName, forKey: .configName)
        try container.encode(fullName, forKey: .fullName)
        try container.encode(htmlURL, forKey: .htmlURL)
        try container.encode(description, forKey: .description)
        try container.encode(stars, forKey: .stars)
        try container.encode(forks, forKey: .forks)
        try container.encode(openIssues, forKey: .openIssues)
        try container.encode(openPulls, forKey: .openPulls)
        try container.encode(openIssuesIncludePulls, forKey: .openIssuesIncludePulls)
        // Only where a forge stopped counting: a GitHub site's snapshot is what it was.
        if openPullsAtLeast { try container.encode(true, forKey: .openPullsAtLeast) }
        try container.encode(hasIssues, forKey: .hasIssues)
        try container.encode(archived, forKey: .archived)
        try container.encode(pushedAt, forKey: .pushedAt)
        try container.encode(daysSincePush, forKey: .daysSincePush)
        try container.encode(ownerAvatar, forKey: .ownerAvatar)
        try container.encode(contributors, forKey: .contributors)
        try container.encode(contributorsNote, forKey: .contributorsNote)
        try container.encode(fetchedAt, forKey: .fetchedAt)
        try container.encode(stale, forKey: .stale)
        try container.encode(staleness?.description, forKey: .staleness)
        try container.encode(source ?? .repos, forKey: .source)
        try container.encode(release, forKey: .release)
        try container.encode(language, forKey: .language)
        try container.encode(topics, forKey: .topics)
        try container.encode(isPrivate, forKey: .isPrivate)
        try container.encode(pending, forKey: .pending)
        // Only where a forge hides parts: every other snapshot is what it was.
        if !membersOnly.isEmpty { try container.encode(membersOnly, forKey: .membersOnly) }
    }
}

package struct Contributor: Codable, Sendable, Equatable {
    package var login: String
    package var contributions: Int
    /// Root-relative path under `avatars/`.
    package var avatar: String?

    package init(login: String, contributions: Int, avatar: String? = nil) {
        self.login = login
        self.contributions = contributions
        self.avatar = avatar
    }
}

extension Snapshot {
    /// Whole days from the last push to now, never negative (clocks disagree).
    package static func daysSince(_ date: Date, now: Date) -> Int {
        max(0, Int((now.timeIntervalSince(date) / 86_400).rounded(.down)))
    }
}
