import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSupport

/// Each `owners:` entry's card from what listing it gave (its public repositories, counted by
/// `OwnerTally`), plus, with a token, GraphQL: the languages of repositories pushed since the last
/// build (100 a query) and a user's contributions (one query). Where a query fails, the listing
/// fails, the build is offline or its budget ran out, the last good numbers stand, marked stale.
struct OwnerCardMaker: Sendable {
    /// How GraphQL may be asked this build.
    enum Asking: Sendable, Equatable {
        /// A token and an endpoint, and the budget not spent.
        case ask(GraphQLClient)
        /// No token (or no GraphQL URL): languages by primary language, no contributions.
        case cannot
        /// Offline, or the REST budget did not fit the site: what was read before, marked stale.
        case notNow

        static func == (lhs: Asking, rhs: Asking) -> Bool {
            switch (lhs, rhs) {
            case (.ask, .ask), (.cannot, .cannot), (.notNow, .notNow): return true
            default: return false
            }
        }
    }

    let asking: Asking
    let shelf: OwnerCardShelf
    /// The previous site's cards (`data/owners.json`): the last good ones where the shelf has none.
    var previous: [String: OwnerCard] = [:]
    let log: any BuildLog
    let now: Date

    func cards(_ owners: ListedOwners) async -> [OwnerCard] {
        guard !owners.config.owners.isEmpty else { return [] }
        let earlier = shelf.load()
        var kept = OwnerCardShelf.Contents()
        kept.colors = earlier.colors
        var cards: [OwnerCard] = []
        let avatars = Dictionary(
            owners.headings.map { ($0.source.key, $0.avatar) }, uniquingKeysWith: { first, _ in first })
        for outcome in owners.outcomes {
            let key = outcome.source.key
            // An owner its forge no longer shows anyone keeps no card; a transient failure keeps the last.
            if owners.gone.contains(key) { continue }
            let last = earlier.cards[key] ?? previous[key]
            // Another forge's card is its listing alone: GraphQL's languages and contributions are GitHub's.
            if case .listed(let listing, _) = outcome, listing.forge != nil {
                guard let card = forgeCard(listing, avatar: avatars[key] ?? nil) else { continue }
                cards.append(card)
                kept.cards[key] = card
                continue
            }
            guard case .listed(let listing, _) = outcome, let tally = listing.tally else {
                // Not listed now: the last good card, if there ever was one, and its repositories' languages.
                guard var card = last else { continue }
                card.stale = true
                cards.append(card)
                kept.cards[key] = card
                for (repo, languages) in earlier.languages where repo.hasPrefix(key + "/") {
                    kept.languages[repo] = languages
                }
                continue
            }
            var card = OwnerCard(
                owner: listing.source.owner, login: listing.login,
                kind: listing.isOrganization ? .organization : .user, countsForks: tally.countsForks,
                countsArchived: tally.countsArchived, repos: tally.repos, stars: tally.stars, forks: tally.forks,
                fetchedAt: listing.staleness?.asOf ?? now)
            card.name = listing.name.flatMap { $0.isEmpty ? nil : $0 }
            card.followers = listing.followers
            card.htmlURL = listing.htmlURL
            card.avatar = avatars[key] ?? nil
            card.stale = listing.staleness != nil
            await addLanguages(to: &card, tally: tally, last: last, earlier: earlier, kept: &kept)
            await addContributions(to: &card, last: last)
            cards.append(card)
            kept.cards[key] = card
        }
        if asking != .notNow { shelf.save(kept) }
        return cards
    }

    /// An owner's card on another forge: its listing's numbers, its repositories' primary languages
    /// where the list names them (Gitea's does, GitLab's does not), no contributions. Nil for an
    /// account the forge shows only to some: nothing of it is kept.
    private func forgeCard(_ listing: OwnerListing, avatar: String?) -> OwnerCard? {
        guard listing.isPublic, let tally = listing.tally else { return nil }
        var card = OwnerCard(
            owner: listing.source.owner, login: listing.login, kind: listing.isOrganization ? .organization : .user,
            countsForks: tally.countsForks, countsArchived: tally.countsArchived, repos: tally.repos,
            stars: tally.stars, forks: tally.forks,
            languages: LanguageShare.top(tally.primaryLanguages, colors: LanguageColors.github),
            fetchedAt: listing.staleness?.asOf ?? now)
        card.forge = listing.forge
        card.name = listing.name.flatMap { $0.isEmpty ? nil : $0 }
        card.followers = listing.followers
        card.htmlURL = listing.htmlURL
        card.avatar = avatar
        card.stale = listing.staleness != nil
        return card
    }

    /// Bytes of code summed over the counted repositories (with a token), or their primary
    /// languages counted (without one).
    private func addLanguages(
        to card: inout OwnerCard, tally: OwnerTally, last: OwnerCard?, earlier: OwnerCardShelf.Contents,
        kept: inout OwnerCardShelf.Contents
    ) async {
        func lastGood(_ reason: String?) {
            guard let last, last.languagesBy == .size else {
                byPrimaryLanguage()
                return
            }
            if let reason {
                log.warning(
                    "owner \(card.owner): languages not read (\(reason)); the card shows those of "
                        + Formatting.dayAndTime(last.fetchedAt))
            }
            card.languages = last.languages
            card.languagesBy = .size
            card.stale = true
            card.fetchedAt = min(card.fetchedAt, last.fetchedAt)
            for counted in tally.counted { kept.languages[counted.name.key] = earlier.languages[counted.name.key] }
        }
        func byPrimaryLanguage() {
            card.languages = LanguageShare.top(tally.primaryLanguages, colors: LanguageColors.github)
            card.languagesBy = .repositories
        }
        switch asking {
        case .cannot: byPrimaryLanguage()
        case .notNow: lastGood(nil)
        case .ask(let client):
            let changed = tally.counted.filter { counted in
                guard let known = earlier.languages[counted.name.key] else { return true }
                return known.pushedAt != counted.pushedAt
            }
            let changedKeys = Set(changed.map(\.name.key))
            let fresh: [String: [String: Int]]
            var colors = earlier.colors
            do {
                (fresh, colors) = try await Self.languages(of: changed.map(\.name), client: client, colors: colors)
            } catch {
                lastGood(ErrorText.describe(error))
                return
            }
            // A repository GitHub did not answer for would drop out of the sums: the last good stand.
            let unanswered = changedKeys.subtracting(fresh.keys)
            if !unanswered.isEmpty, last?.languagesBy == .size {
                lastGood("GitHub gave none for \(Formatting.plural(unanswered.count, "repository", "repositories"))")
                return
            }
            kept.colors = colors
            var bytes: [String: Int] = [:]
            for counted in tally.counted {
                let key = counted.name.key
                let sizes = fresh[key] ?? (changedKeys.contains(key) ? nil : earlier.languages[key]?.sizes)
                guard let sizes else { continue }
                kept.languages[key] = OwnerCardShelf.RepoLanguages(pushedAt: counted.pushedAt, sizes: sizes)
                for (language, size) in sizes { bytes[language, default: 0] += size }
            }
            card.languages = LanguageShare.top(bytes, colors: colors.merging(LanguageColors.github) { mine, _ in mine })
            card.languagesBy = .size
        }
    }

    /// Bytes per language of each repository (100 a query), and the colours known, GitHub's added.
    private static func languages(of repos: [RepoName], client: GraphQLClient, colors: [String: String])
        async throws -> ([String: [String: Int]], [String: String])
    {
        var fresh: [String: [String: Int]] = [:]
        var colors = colors
        for query in OwnerLanguagesQuery.batches(repos) {
            let answer = try query.parse(try await client.post(query.body))
            fresh.merge(answer.sizes) { _, new in new }
            colors.merge(answer.colors) { _, new in new }
        }
        return (fresh, colors)
    }

    /// A user's contributions of the last year (with a token); none for an organization.
    private func addContributions(to card: inout OwnerCard, last: OwnerCard?) async {
        guard card.kind == .user else { return }
        switch asking {
        case .cannot: return
        case .notNow:
            guard let contributions = last?.contributions, let last else { return }
            card.contributions = contributions
            card.stale = true
            card.fetchedAt = min(card.fetchedAt, last.fetchedAt)
        case .ask(let client):
            let query = OwnerContributionsQuery(login: card.login)
            do {
                card.contributions = try query.parse(try await client.post(query.body))
            } catch {
                guard let contributions = last?.contributions, let last else {
                    log.warning("owner \(card.owner): contributions not read (\(ErrorText.describe(error)))")
                    return
                }
                log.warning(
                    "owner \(card.owner): contributions not read (\(ErrorText.describe(error))); the card shows "
                        + "those of \(Formatting.dayAndTime(last.fetchedAt))")
                card.contributions = contributions
                card.stale = true
                card.fetchedAt = min(card.fetchedAt, last.fetchedAt)
            }
        }
    }
}
