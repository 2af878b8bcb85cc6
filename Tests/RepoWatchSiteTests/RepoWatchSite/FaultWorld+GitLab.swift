import Foundation

extension FaultWorld {
    /// A project on a self-managed GitLab (`https://gitlab.test/api/v4`), with a token of its own.
    static let gitLabProject = "gitlab.test/g/five"
    static let gitLabToken = "matrix-gitlab-token-never-elsewhere"
    /// A group under `owners:` with a project of its own and one of its subgroup's, a page each
    /// (GitLab pages by `x-next-page`), so a build can stop between the two.
    static let gitLabGroup = "gitlab.test/grp"
    static let gitLabOwned = ["gitlab.test/grp/seven", "gitlab.test/grp/sub/eight"]
    /// Each project's id, by its path on the forge.
    static let gitLabIDs = ["g/five": 5, "grp/seven": 7, "grp/sub/eight": 8]

    /// GitLab's REST answers, in the shapes of GitLab's documentation (Tests/Fixtures/gitlab/README.md):
    /// a project's document, its merge requests' count in `x-total`, its contributors (names and
    /// emails), its latest release, its languages and an avatar look-up; the group's document and
    /// its projects with its subgroup's, a page each.
    func gitLabAnswer(_ url: URL, ok: [String: String]) -> Answer {
        let path = url.path
        if path == "/api/v4/avatar" {
            let email = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first?.value ?? "?"
            return (200, ok, json(["avatar_url": avatarURL(String(email.prefix { $0 != "@" }))]))
        }
        if path == "/api/v4/groups/grp" {
            let group: [String: Any] = [
                "id": 70, "name": "grp", "path": "grp", "full_path": "grp", "avatar_url": avatarURL("grp"),
                "web_url": "https://gitlab.test/groups/grp", "visibility": "public",
            ]
            return (200, ok, json(group))
        }
        if path == "/api/v4/groups/grp/projects" {
            let owned = Self.gitLabOwned.map { String($0.dropFirst("gitlab.test/".count)) }
            let page = Self.page(url)
            let next = page < owned.count ? String(page + 1) : ""
            let headers = ok.merging(["x-next-page": next, "x-total": String(owned.count), "x-page": String(page)]) {
                $1
            }
            return (200, headers, json(owned.dropFirst(page - 1).prefix(1).map(gitLabProjectDocument)))
        }
        let rest = String(path.dropFirst("/api/v4/projects/".count))
        if path.hasPrefix("/api/v4/projects/"), Self.gitLabIDs[rest] != nil {
            return (200, ok, json(gitLabProjectDocument(rest)))
        }
        let parts = rest.split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2, let id = Int(parts[0]),
            let project = Self.gitLabIDs.first(where: { $0.value == id })?.key
        else { return notFound }
        return gitLabPart(parts[1], of: "gitlab.test/\(project)", ok: ok)
    }

    /// `GET /projects/:id/…`: the parts of a project's card.
    private func gitLabPart(_ part: String, of name: String, ok: [String: String]) -> Answer {
        switch part {
        case "merge_requests":
            return (
                200, ok.merging(["x-total": String(numbers(name).pulls)]) { $1 }, json([["iid": 1, "state": "opened"]])
            )
        case "repository/contributors":
            let people = people(name).map {
                ["name": $0.login, "email": "\($0.login)@example.com", "commits": $0.contributions] as [String: Any]
            }
            return (200, ok, json(people))
        case "releases":
            return (200, ok, json([["tag_name": release(name), "released_at": "2026-10-0\(version)T00:00:00Z"]]))
        case "languages": return (200, ok, json([language(name): 90.0, "C": 10.0]))
        default: return notFound
        }
    }

    /// `GET /projects/:id`, and an entry of a group's list (the same document).
    private func gitLabProjectDocument(_ path: String) -> [String: Any] {
        let name = "gitlab.test/\(path)"
        let n = numbers(name)
        let namespace = path.split(separator: "/").dropLast().joined(separator: "/")
        return [
            "id": Self.gitLabIDs[path] ?? 0, "path_with_namespace": path, "web_url": "https://\(name)",
            "description": "About \(name)", "star_count": n.stars, "forks_count": n.forks,
            "open_issues_count": n.issues, "issues_enabled": true, "merge_requests_enabled": true,
            "archived": false, "visibility": "public", "last_activity_at": pushedAt(), "topics": [String](),
            "namespace": [
                "path": String(namespace.split(separator: "/").last ?? ""), "full_path": namespace,
                "avatar_url": avatarURL(String(namespace.split(separator: "/")[0])),
            ],
        ]
    }
}

extension FaultWorld {
    /// Each owner's repositories, by the owner's name in `data/owners.json`.
    static var ownedBy: [String: [String]] {
        ["b": owned, gitLabGroup: gitLabOwned, giteaOrganization: giteaOwned]
    }
}
