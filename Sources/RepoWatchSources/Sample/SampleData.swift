import Foundation
import RepoWatchModel
import RepoWatchSupport

/// Plausible, deterministic data for any repository name, like the app's MockData: lets a site be
/// built and previewed with no network and no token.
enum SampleData {
    static let logins = [
        "sallen0400", "octocat", "hubot", "monalisa", "mojombo", "defunkt", "pjhyett", "wycats",
        "ezmobius", "ivey", "evanphx", "vanpelt", "technoweenie", "kevinclark", "bmizerany", "caged",
    ]

    static func snapshot(for name: RepoName, now: Date) -> RepoSnapshot {
        var generator = SeededGenerator(seed: name.key)
        let stars = generator.next(in: 10...180_000)
        let daysAgo = generator.next(in: 0...120)
        let pushedAt = now.addingTimeInterval(-Double(daysAgo) * 86_400 - Double(generator.next(in: 0...80_000)))
        let contributorCount = generator.next(in: 0...9) == 0 ? generator.next(in: 0...3) : 4
        var contributions = generator.next(in: 50...3_000)
        var pool = logins
        var contributors: [Contributor] = []
        for _ in 0..<contributorCount {
            let login = pool.remove(at: generator.next(in: 0...(pool.count - 1)))
            contributors.append(Contributor(login: login, contributions: contributions))
            contributions = max(1, contributions * generator.next(in: 30...90) / 100)
        }
        var repo = RepoSnapshot(
            configName: name.description,
            fullName: name.description,
            htmlURL: "https://\(name.host ?? "github.com")/\(name.path)",
            description: "Sample data for \(name.description).",
            stars: stars,
            forks: stars * generator.next(in: 5...25) / 100,
            openIssues: generator.next(in: 0...400),
            hasIssues: generator.next(in: 0...5) != 0,
            openPulls: generator.next(in: 0...120),
            archived: false,
            pushedAt: pushedAt,
            daysSincePush: Snapshot.daysSince(pushedAt, now: now),
            contributors: contributors,
            fetchedAt: now)
        // Drawn after the numbers above, so adding these left every earlier sample value as it was.
        let language = languages[generator.next(in: 0...(languages.count - 1))]
        repo.language = RepoLanguage(name: language.name, color: language.color)
        repo.topics = (0..<generator.next(in: 1...3)).map { _ in topics[generator.next(in: 0...(topics.count - 1))] }
        repo.topics = repo.topics.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        if generator.next(in: 0...5) != 0 {
            let tag = "v\(generator.next(in: 0...6)).\(generator.next(in: 0...20)).\(generator.next(in: 0...9))"
            let published = now.addingTimeInterval(-Double(generator.next(in: 1...90 * 86_400)))
            repo.release = RepoRelease(tag: tag, publishedAt: published)
        }
        return repo
    }

    /// GitHub's colours (github-linguist's languages.yml).
    private static let languages: [(name: String, color: String)] = [
        ("Swift", "#F05138"), ("Python", "#3572A5"), ("TypeScript", "#3178C6"), ("Go", "#00ADD8"),
        ("Rust", "#DEA584"), ("Kotlin", "#A97BFF"), ("C++", "#F34B7D"), ("JavaScript", "#F1E05A"),
    ]

    private static let topics = [
        "ios", "swift", "swiftui", "cli", "web", "machine-learning", "networking", "database", "testing",
        "documentation",
    ]
}

/// SplitMix64 seeded from a name's SHA-256, so every machine builds the same sample site.
struct SeededGenerator {
    private var state: UInt64

    init(seed: String) {
        state = SHA256.hash(Array(seed.utf8)).prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }

    mutating func nextUInt64() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(nextUInt64() % UInt64(range.count))
    }
}

extension SampleData {
    /// An owner's made-up card (`--sample`): deterministic from the owner's name, a user's with
    /// contributions, so both cards and every row show in a preview. An owner on another forge
    /// (`forge`) gets only what that forge's card holds (`forgeCard(_:forge:)`).
    static func ownerCard(for source: OwnerSource, forge: ForgeKind? = nil, now: Date) -> OwnerCard {
        var generator = SeededGenerator(seed: "owner:" + source.key)
        let repos = generator.next(in: 4...240)
        let stars = repos * generator.next(in: 5...900)
        var card = OwnerCard(
            owner: source.owner, login: source.owner, kind: generator.next(in: 0...2) == 0 ? .organization : .user,
            countsForks: source.forks, countsArchived: source.archived, repos: repos, stars: stars,
            forks: stars * generator.next(in: 5...25) / 100, fetchedAt: now)
        card.htmlURL = "https://github.com/\(source.owner)"
        if card.kind == .user {
            card.followers = generator.next(in: 10...40_000)
            card.contributions = OwnerContributions(
                commits: generator.next(in: 100...4_000), pullRequests: generator.next(in: 10...400),
                issues: generator.next(in: 5...200), reviews: generator.next(in: 0...300),
                repositories: generator.next(in: 3...60))
        }
        var bytes: [String: Int] = [:]
        var colors: [String: String] = [:]
        for language in languages {
            bytes[language.name] = generator.next(in: 1...500) * generator.next(in: 1...4_000)
            colors[language.name] = language.color
        }
        card.languages = LanguageShare.top(bytes, colors: colors)
        card.languagesBy = .size
        guard let forge, let host = source.host else { return card }
        return forgeCard(card, forge: forge, host: host, path: source.path)
    }

    /// The same card as a forge's listing fills it: its address on the host, no contributions (read
    /// of GitHub alone), followers a Gitea or Forgejo user counts and GitLab never does, and the
    /// repositories' primary languages counted, which GitLab's listing does not name.
    private static func forgeCard(_ made: OwnerCard, forge: ForgeKind, host: String, path: String) -> OwnerCard {
        var card = made
        card.forge = forge
        card.htmlURL = "https://\(host)/\(path)"
        card.contributions = nil
        if forge == .gitlab { card.followers = nil }
        card.languagesBy = .repositories
        card.languages =
            forge == .gitlab
            ? []
            : LanguageShare.top(
                Dictionary(
                    uniqueKeysWithValues: made.languages.filter { !$0.isOther }.map { ($0.name, $0.amount % 40 + 1) }),
                colors: Dictionary(uniqueKeysWithValues: languages.map { ($0.name, $0.color) }))
        return card
    }
}
