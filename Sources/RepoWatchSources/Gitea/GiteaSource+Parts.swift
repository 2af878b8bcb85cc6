import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSupport

/// The parts of a Gitea card besides the repository's document, each one request at most (reused
/// from the cache without one while `updated_at` stands still).
extension GiteaSource {
    /// The top four authors among the recent commits, and what was counted.
    struct Team: Sendable {
        var people: [Contributor]
        /// Said on the card: the commits the ranking counted (nil: there was no commit to count).
        var note: String?
    }

    /// Where each part of a repository is asked (and kept in the cache).
    struct URLs {
        var document: URL
        var release: URL
        var commits: URL
    }

    func urls(_ repo: RepoName) -> URLs {
        let api = client.configuration
        let base = "/repos/\(Self.escaped(repo.owner))/\(Self.escaped(repo.name))"
        return URLs(
            document: api.endpoint(base),
            release: api.endpoint(base + "/releases/latest"),
            commits: api.endpoint(
                base + "/commits",
                query: [
                    URLQueryItem(name: "limit", value: String(Self.commitsCounted)),
                    URLQueryItem(name: "stat", value: "false"), URLQueryItem(name: "verification", value: "false"),
                    URLQueryItem(name: "files", value: "false"),
                ]))
    }

    static func escaped(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? segment
    }

    /// The newest release that is neither a draft nor a prerelease; not asked when the document
    /// counts none. None is not a failure.
    func latestRelease(_ repo: RepoName, _ document: GiteaRepository, reuse: Bool) async -> ForgePart<RepoRelease?> {
        if document.hasReleases == false || document.releases == 0 { return ForgePart(value: .some(nil), asked: true) }
        let withoutEmails: @Sendable (Data, [String: String]) -> Data = { data, _ in
            GiteaCommitAuthors.withoutEmails(data)
        }
        return await part(urls(repo).release, reuse: reuse, keptBody: withoutEmails) { response -> RepoRelease?? in
            // No release yet, or (Codeberg) the releases unit is off: nothing to show.
            if response.status == 403 || response.status == 404 { return .some(nil) }
            guard let release = try? JSONDecoder().decode(GiteaRelease.self, from: response.data) else { return nil }
            return .some(RepoRelease(tag: release.tagName, publishedAt: release.publishedAt))
        }
    }

    /// The top four authors by commits among the last `commitsCounted`: one request, whose answer
    /// the cache keeps without the commits' emails.
    func contributors(_ repo: RepoName, _ document: GiteaRepository, reuse: Bool) async -> ForgePart<Team> {
        if document.empty == true {
            return ForgePart(value: Team(people: [], note: nil), asked: true)
        }
        let listed = await part(
            urls(repo).commits, reuse: reuse, keptBody: { data, _ in GiteaCommitAuthors.kept(data) },
            read: { response -> [GiteaCommitAuthor]? in
                // 409: Gitea's answer for a repository with no commit yet.
                if response.status == 409 || response.status == 404 { return [] }
                return GiteaCommitAuthors.read(response.data)
            })
        guard let authors = listed.value else {
            context.log.warning("\(repo): could not list recent commits for the contributors")
            return ForgePart(value: nil, asked: listed.asked, staleness: listed.staleness)
        }
        let top = Self.top(authors, count: 4)
        let people = await ForgeFaces.contributors(top) { person in
            let face = await context.avatars.avatar(
                url: person.avatarURL, pixels: Self.contributorAvatarPixels, placeholderFor: person.who)
            return Contributor(login: person.who, contributions: person.commits, avatar: face)
        }
        let note = authors.isEmpty ? nil : ContributorsNote.amongLastCommits(authors.count)
        return ForgePart(value: Team(people: people, note: note), asked: listed.asked, staleness: listed.staleness)
    }

    /// One author's count among the commits read, and the face the forge gave them.
    struct Ranked: Sendable {
        var who: String
        var commits: Int
        var avatarURL: String?
    }

    /// Most commits first; a tie keeps the order of the newest commit.
    static func top(_ authors: [GiteaCommitAuthor], count: Int) -> [Ranked] {
        var ranked: [String: Ranked] = [:]
        var order: [String] = []
        for author in authors {
            guard let who = author.who else { continue }
            if ranked[who] == nil {
                ranked[who] = Ranked(who: who, commits: 0, avatarURL: SafeURL.http(author.avatarURL))
                order.append(who)
            }
            ranked[who]?.commits += 1
        }
        let list = order.compactMap { ranked[$0] }.enumerated().sorted {
            $0.element.commits != $1.element.commits ? $0.element.commits > $1.element.commits : $0.offset < $1.offset
        }
        return list.prefix(count).map(\.element)
    }

    /// One GET whose answer `read` turns into a value: Gitea answers 403 or 404 for a part that is
    /// off or missing, 409 for the commits of a repository that has none.
    private func part<Value>(
        _ url: URL, reuse: Bool, keptBody: (@Sendable (Data, [String: String]) -> Data)? = nil,
        read: (NetworkResponse) -> Value?
    ) async -> ForgePart<Value> {
        await client.forgePart(url, reuse: reuse, answers: [200, 403, 404, 409], keptBody: keptBody, read: read)
    }
}
