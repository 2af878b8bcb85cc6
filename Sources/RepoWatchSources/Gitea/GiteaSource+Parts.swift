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
    func latestRelease(_ repo: RepoName, _ document: GiteaRepository, reuse: Bool) async -> GiteaPart<RepoRelease?> {
        if document.hasReleases == false || document.releases == 0 { return GiteaPart(value: .some(nil), asked: true) }
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
    func contributors(_ repo: RepoName, _ document: GiteaRepository, reuse: Bool) async -> GiteaPart<Team> {
        if document.empty == true {
            return GiteaPart(value: Team(people: [], note: nil), asked: true)
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
            return GiteaPart(value: nil, asked: listed.asked, staleness: listed.staleness)
        }
        let top = Self.top(authors, count: 4)
        let people = await withTaskGroup(of: (Int, Contributor).self) { group in
            for (index, person) in top.enumerated() {
                group.addTask {
                    let face = await context.avatars.avatar(
                        url: person.avatarURL, pixels: Self.contributorAvatarPixels, placeholderFor: person.who)
                    return (index, Contributor(login: person.who, contributions: person.commits, avatar: face))
                }
            }
            var people = [Contributor?](repeating: nil, count: top.count)
            for await (index, person) in group { people[index] = person }
            return people.compactMap { $0 }
        }
        let note = authors.isEmpty ? nil : ContributorsNote.amongLastCommits(authors.count)
        return GiteaPart(value: Team(people: people, note: note), asked: listed.asked, staleness: listed.staleness)
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

    /// One GET whose answer `read` turns into a value (nil: unreadable, a failure); 5xx, timeouts
    /// and a spent budget leave the cache's answer, stale, or nothing.
    private func part<Value>(
        _ url: URL, reuse: Bool, keptBody: (@Sendable (Data, [String: String]) -> Data)? = nil,
        read: (NetworkResponse) -> Value?
    ) async -> GiteaPart<Value> {
        do {
            let fetched = try await client.get(
                url, accept: "application/json", reuseStored: reuse, existsForSure: true, keptBody: keptBody)
            guard [200, 403, 404, 409].contains(fetched.status), let value = read(fetched) else {
                return GiteaPart(value: nil, asked: false, staleness: fetched.cachedCopy)
            }
            let asked = fetched.source == .network || fetched.source == .revalidated
            return GiteaPart(value: value, asked: asked, staleness: fetched.cachedCopy)
        } catch {
            return GiteaPart(value: nil, asked: false, staleness: nil)
        }
    }
}

/// What one of a card's parts came to: its value (nil when neither the forge nor the cache had
/// it), whether the forge was asked and answered, and its staleness when the cache answered alone.
struct GiteaPart<Value: Sendable>: Sendable {
    var value: Value?
    var asked = false
    var staleness: GitHubClient.Staleness?
}
