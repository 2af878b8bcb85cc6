import Foundation

extension FaultWorld {
    /// A repository on a self-managed Gitea (`https://gitea.test/api/v1`), with a token of its own.
    static let giteaRepo = "gitea.test/g/six"
    static let giteaToken = "matrix-gitea-token-never-elsewhere"

    /// An organization under `owners:` with two repositories; the instance's largest page
    /// (`/settings/api`) is one, so a build can stop between the two.
    static let giteaOrganization = "gitea.test/org"
    static let giteaOwned = ["gitea.test/org/nine", "gitea.test/org/ten"]

    /// Gitea's REST answers, in the shapes of go-gitea/gitea's `modules/structs`
    /// (Tests/Fixtures/gitea/README.md): a repository's document, its latest release and its recent
    /// commits, whose authors make the world's contributors (more than one page would hold: the
    /// world's counts are the same on every forge); the organization (`structs.Organization`), the
    /// instance's API settings (`structs.GeneralAPISettings`) and the organization's repositories,
    /// `X-Total-Count` saying how many.
    func giteaAnswer(_ url: URL, ok: [String: String]) -> Answer {
        switch url.path {
        case "/api/v1/orgs/org":
            return (
                200, ok,
                json([
                    "id": 90, "username": "org", "name": "org", "full_name": "The org",
                    "avatar_url": avatarURL("org"), "website": "", "visibility": "public",
                ])
            )
        case "/api/v1/settings/api":
            return (
                200, ok,
                json([
                    "max_response_items": 1, "default_paging_num": 1, "default_git_trees_per_page": 1_000,
                    "default_max_blob_size": 10_485_760,
                ])
            )
        case "/api/v1/orgs/org/repos":
            let owned = Self.giteaOwned.map { String($0.dropFirst("gitea.test/".count)) }
            let page = Self.page(url)
            return (
                200, ok.merging(["x-total-count": String(owned.count)]) { $1 },
                json(owned.dropFirst(page - 1).prefix(1).map(giteaDocument))
            )
        default: break
        }
        let rest = url.path.dropFirst("/api/v1/repos/".count).split(separator: "/", maxSplits: 2).map(String.init)
        guard url.path.hasPrefix("/api/v1/repos/"), rest.count >= 2,
            Self.giteaRepos.contains("\(rest[0])/\(rest[1])")
        else { return notFound }
        let path = "\(rest[0])/\(rest[1])"
        let name = "gitea.test/\(path)"
        switch rest.count == 3 ? rest[2] : "" {
        case "": return (200, ok, json(giteaDocument(path)))
        case "releases/latest":
            return (200, ok, json(["tag_name": release(name), "published_at": "2026-10-0\(version)T00:00:00Z"]))
        case "commits":
            let commits = people(name).flatMap { person in
                [[String: Any]](
                    repeating: [
                        "sha": "0", "author": ["login": person.login, "avatar_url": avatarURL(person.login)],
                        "commit": ["author": ["name": person.login, "email": "\(person.login)@example.com"]],
                    ], count: person.contributions)
            }
            return (200, ok, json(commits))
        default: return notFound
        }
    }

    /// Every repository's path on the forge.
    static var giteaRepos: [String] { ([giteaRepo] + giteaOwned).map { String($0.dropFirst("gitea.test/".count)) } }

    /// `GET /repos/{owner}/{repo}` (`structs.Repository`), and an entry of an owner's list.
    private func giteaDocument(_ path: String) -> [String: Any] {
        let name = "gitea.test/\(path)"
        let n = numbers(name)
        let owner = String(path.split(separator: "/")[0])
        return [
            "id": 6 + (Self.giteaRepos.firstIndex(of: path) ?? 0), "full_name": path,
            "html_url": "https://\(name)", "description": "About \(name)", "stars_count": n.stars,
            "forks_count": n.forks, "open_issues_count": n.issues, "open_pr_counter": n.pulls, "release_counter": 3,
            "has_issues": true, "has_pull_requests": true, "has_releases": true, "empty": false, "fork": false,
            "archived": false, "private": false, "internal": false, "updated_at": pushedAt(),
            "language": language(name), "topics": [String](),
            "owner": ["login": owner, "avatar_url": avatarURL(owner), "email": "\(owner)@gitea.test"],
        ]
    }
}
