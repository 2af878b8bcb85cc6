import Foundation

/// What the owner cards (`owners/LOGIN/stats.svg`, `languages.svg`) and `data/owners.json` say of one
/// `owners:` entry: the whole owner as its public listing gives it, with the entry's `forks:` and
/// `archived:` choices, and never its `topics`, `min_stars`, `exclude` or `limit` (docs/output.md).
package struct OwnerCard: Codable, Sendable, Equatable {
    package enum Kind: String, Codable, Sendable {
        case user, organization
    }

    /// How the languages were measured: GraphQL's bytes of code per language (with a token), or
    /// each repository's primary language counted once (without one).
    package enum LanguageMeasure: String, Codable, Sendable {
        case size, repositories
    }

    /// The owner as written in site.yml; its folder is `SiteLayout.ownerFolder(owner)`.
    package var owner: String
    /// GitHub's login now (differs from `owner` after a rename).
    package var login: String
    package var kind: Kind
    /// The profile's display name, where the owner set one.
    package var name: String?
    /// Root-relative path under `avatars/`; nil draws the placeholder.
    package var avatar: String?
    package var htmlURL: String?
    /// Which repositories were counted (the entry's choices), said on the cards.
    package var countsForks: Bool
    package var countsArchived: Bool
    package var repos: Int
    package var stars: Int
    package var forks: Int
    /// A user's followers; nil where GitHub did not say (organizations' listing carries none).
    package var followers: Int?
    /// The last year's public contributions: a user's, with a token; nil otherwise (not zeros).
    package var contributions: OwnerContributions?
    package var languages: [LanguageShare]
    package var languagesBy: LanguageMeasure
    /// When the numbers were read: older than the build when they are the last good ones.
    package var fetchedAt: Date
    /// The last good numbers, shown because GitHub could not be asked (or the budget ran out).
    package var stale: Bool
    /// The forge of an owner on another forge (`codeberg.org/OWNER`); nil on GitHub. Its card says
    /// what that forge does not give (followers, contributions, languages) instead of leaving it out.
    package var forge: ForgeKind?

    package init(
        owner: String, login: String, kind: Kind, countsForks: Bool = false, countsArchived: Bool = false,
        repos: Int = 0, stars: Int = 0, forks: Int = 0, languages: [LanguageShare] = [],
        languagesBy: LanguageMeasure = .repositories, fetchedAt: Date
    ) {
        self.owner = owner
        self.login = login
        self.kind = kind
        self.countsForks = countsForks
        self.countsArchived = countsArchived
        self.repos = repos
        self.stars = stars
        self.forks = forks
        self.languages = languages
        self.languagesBy = languagesBy
        self.fetchedAt = fetchedAt
        stale = false
    }
}

/// A user's public contributions of the last year, as GraphQL's `contributionsCollection` counts them.
package struct OwnerContributions: Codable, Sendable, Equatable {
    package var commits: Int
    package var pullRequests: Int
    package var issues: Int
    package var reviews: Int
    /// Repositories the user committed to, opened issues or pull requests in, or reviewed in.
    package var repositories: Int

    package init(commits: Int, pullRequests: Int, issues: Int, reviews: Int, repositories: Int) {
        self.commits = commits
        self.pullRequests = pullRequests
        self.issues = issues
        self.reviews = reviews
        self.repositories = repositories
    }
}

/// One language's part of an owner's code: `share` in percent (one decimal; a card's shares add up to
/// 100), `amount` in the card's measure (bytes, or repositories).
package struct LanguageShare: Codable, Sendable, Equatable {
    /// The name of the share that gathers every language past the first six.
    package static let other = "Other"
    package static let shown = 6

    package var name: String
    package var color: String?
    package var share: Double
    package var amount: Int

    package init(name: String, color: String?, share: Double, amount: Int) {
        self.name = name
        self.color = color
        self.share = share
        self.amount = amount
    }

    /// Whether this share gathers the languages past the first six.
    package var isOther: Bool { name == Self.other && color == nil }

    /// The first six languages by amount (ties by name) and the rest as "Other", in percent with one
    /// decimal, rounded so they add up to exactly 100 (largest remainders get the spare tenths).
    package static func top(_ amounts: [String: Int], colors: [String: String] = [:]) -> [LanguageShare] {
        let sorted = amounts.filter { $0.value > 0 }.sorted {
            $0.value != $1.value ? $0.value > $1.value : $0.key.lowercased() < $1.key.lowercased()
        }
        guard !sorted.isEmpty else { return [] }
        var kept: [(name: String, color: String?, amount: Int)] = sorted.prefix(shown).map {
            ($0.key, colors[$0.key], $0.value)
        }
        let rest = sorted.dropFirst(shown).reduce(0) { $0 + $1.value }
        if rest > 0 { kept.append((other, nil, rest)) }
        let total = kept.reduce(0) { $0 + $1.amount }
        // Tenths of a percent: each share floored, the spare tenths to the largest remainders.
        let exact = kept.map { Double($0.amount) * 1000 / Double(total) }
        var tenths = exact.map { Int($0.rounded(.down)) }
        let spare = 1000 - tenths.reduce(0, +)
        let order = exact.indices.sorted { (exact[$0] - Double(tenths[$0])) > (exact[$1] - Double(tenths[$1])) }
        for index in order.prefix(spare) { tenths[index] += 1 }
        return zip(kept, tenths).map {
            LanguageShare(name: $0.name, color: $0.color, share: Double($1) / 10, amount: $0.amount)
        }
    }
}
