import Foundation
import RepoWatchModel

/// What an owner card counts of an owner's listing: its public repositories with the entry's
/// `forks:` and `archived:` choices (both left out by default), and none of `topics`, `min_stars`,
/// `exclude` or `limit`, which choose what the gallery shows, not what the owner has. A private
/// repository is never counted, whatever `private:` says: the cards are for a public profile.
package struct OwnerTally: Sendable, Equatable {
    package var repos = 0
    package var stars = 0
    package var forks = 0
    /// Repositories by primary language (the languages card without a token).
    var primaryLanguages: [String: Int] = [:]
    /// The counted repositories with their last push: whose languages to ask for (with a token).
    package var counted: [CountedRepository] = []
    package var countsForks: Bool
    package var countsArchived: Bool

    package struct CountedRepository: Sendable, Equatable {
        package var name: RepoName
        package var pushedAt: Date?
    }

    /// Whether a repository of the list counts under `rules`' choices.
    package static func counts(_ repo: some OwnerTallyFacts, rules: OwnerSource) -> Bool {
        !repo.isPrivate && (rules.forks || !repo.fork) && (rules.archived || !repo.archived)
    }

    package init(_ listed: [ListedRepository], rules: OwnerSource) {
        countsForks = rules.forks
        countsArchived = rules.archived
        for repo in listed where Self.counts(repo, rules: rules) {
            repos += 1
            stars += repo.stars
            forks += repo.forks
            if let language = repo.language, !language.isEmpty { primaryLanguages[language, default: 0] += 1 }
            counted.append(CountedRepository(name: repo.name, pushedAt: repo.pushedAt))
        }
    }
}

/// What the counting rule reads of a listed repository.
package protocol OwnerTallyFacts {
    var fork: Bool { get }
    var archived: Bool { get }
    var isPrivate: Bool { get }
}

extension ListedRepository: OwnerTallyFacts {}
