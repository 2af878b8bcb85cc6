import Foundation
import RepoWatchModel
import RepoWatchSupport

/// The owner cards the previous site published (`data/owners.json`): the last good card of an owner
/// whose cache entry is gone, as the previous snapshot stands in for a repository's. Sample data is
/// never passed off as real data; a file that cannot be read gives none.
enum PublishedOwnerCards {
    static func read(_ output: URL) -> [String: OwnerCard] {
        let url = output.appendingPathComponent(SiteLayout.ownersJSON)
        guard let data = try? Data(contentsOf: url),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            object["schema"] as? Int == 1, object["sample"] as? Bool == false,
            let owners = object["owners"] as? [[String: Any]]
        else { return [:] }
        var cards: [String: OwnerCard] = [:]
        for owner in owners {
            guard let card = card(owner) else { continue }
            cards[card.owner.lowercased()] = card
        }
        return cards
    }

    private static func card(_ owner: [String: Any]) -> OwnerCard? {
        guard let name = owner["owner"] as? String, let login = owner["login"] as? String,
            let kind = (owner["kind"] as? String).flatMap(OwnerCard.Kind.init(rawValue:)),
            let fetchedAt = (owner["fetched_at"] as? String).flatMap(ISO8601.parse),
            let repos = owner["repos"] as? Int, let stars = owner["stars"] as? Int, let forks = owner["forks"] as? Int
        else { return nil }
        var card = OwnerCard(
            owner: name, login: login, kind: kind, countsForks: owner["counts_forks"] as? Bool ?? false,
            countsArchived: owner["counts_archived"] as? Bool ?? false, repos: repos, stars: stars, forks: forks,
            languagesBy: (owner["languages_by"] as? String).flatMap(OwnerCard.LanguageMeasure.init(rawValue:))
                ?? .repositories, fetchedAt: fetchedAt)
        card.name = owner["name"] as? String
        card.forge = (owner["forge"] as? String).flatMap(ForgeKind.init(rawValue:)).flatMap { $0 == .github ? nil : $0 }
        card.htmlURL = owner["html_url"] as? String
        card.followers = owner["followers"] as? Int
        if let counts = owner["contributions"] as? [String: Any], let commits = counts["commits"] as? Int,
            let pulls = counts["pull_requests"] as? Int, let issues = counts["issues"] as? Int,
            let reviews = counts["reviews"] as? Int, let repositories = counts["repositories"] as? Int
        {
            card.contributions = OwnerContributions(
                commits: commits, pullRequests: pulls, issues: issues, reviews: reviews, repositories: repositories)
        }
        card.languages = (owner["languages"] as? [[String: Any]] ?? []).compactMap { share in
            guard let name = share["name"] as? String, let value = share["share"] as? Double else { return nil }
            return LanguageShare(name: name, color: share["color"] as? String, share: value, amount: 0)
        }
        return card
    }
}
