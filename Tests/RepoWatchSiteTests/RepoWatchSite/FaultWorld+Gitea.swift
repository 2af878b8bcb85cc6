import Foundation

extension FaultWorld {
    /// A repository on a self-managed Gitea (`https://gitea.test/api/v1`), with a token of its own.
    static let giteaRepo = "gitea.test/g/six"
    static let giteaToken = "matrix-gitea-token-never-elsewhere"

    /// Gitea's REST answers for the one repository, in the shapes of go-gitea/gitea's
    /// `modules/structs` (Tests/Fixtures/gitea/README.md): the document, the latest release and the
    /// recent commits, whose authors make the world's contributors (more than one page would hold:
    /// the world's counts are the same on every forge).
    func giteaAnswer(_ url: URL, ok: [String: String]) -> Answer {
        let name = Self.giteaRepo
        let n = numbers(name)
        switch url.path {
        case "/api/v1/repos/g/six":
            return (
                200, ok,
                json([
                    "id": 6, "full_name": "g/six", "html_url": "https://gitea.test/g/six",
                    "description": "About \(name)", "stars_count": n.stars, "forks_count": n.forks,
                    "open_issues_count": n.issues, "open_pr_counter": n.pulls, "release_counter": 3,
                    "has_issues": true, "has_pull_requests": true, "has_releases": true, "empty": false,
                    "archived": false, "private": false, "internal": false, "updated_at": pushedAt(),
                    "language": language(name), "topics": [String](),
                    "owner": ["login": "g", "avatar_url": avatarURL("g"), "email": "g@gitea.test"],
                ])
            )
        case "/api/v1/repos/g/six/releases/latest":
            return (200, ok, json(["tag_name": release(name), "published_at": "2026-10-0\(version)T00:00:00Z"]))
        case "/api/v1/repos/g/six/commits":
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
}
