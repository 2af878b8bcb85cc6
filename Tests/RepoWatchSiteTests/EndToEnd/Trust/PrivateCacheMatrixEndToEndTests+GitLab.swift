import Foundation
import Testing

/// GitLab's rows of the private matrix: a project GitLab calls `private` or `internal`, named by a
/// `repos:` entry, by a widget, or by an entry whose project moved into it, from every starting
/// state (nothing yet; after a `private: include` build that published it; the same, then GitLab
/// failing or `--offline` for the exclude builds; public in a first build and private since). After the exclude build, and the one after it,
/// nothing names it or shows its numbers: not the log, the step summary, the site or `.repowatch/`.
extension PrivateCacheMatrixEndToEndTests {
    enum GitLabKind: String, CaseIterable, Sendable { case repos, widget, rename }
    enum Visibility: String, CaseIterable, Sendable { case `private`, `internal` }
    enum GitLabStart: String, CaseIterable, Sendable {
        case fresh, afterInclude, afterIncludeThenFailing, afterIncludeThenOffline
        /// Public in a first build (under `exclude`), private since.
        case madePrivate
        var buildsFirst: Bool { self != .fresh }
        var includesFirst: Bool { buildsFirst && self != .madePrivate }
    }

    struct GitLabCase: Sendable, CustomTestStringConvertible {
        let kind: GitLabKind
        let visibility: Visibility
        let start: GitLabStart
        var testDescription: String { "GitLab \(kind) \(visibility) \(start)" }
    }

    static let gitLabCases: [GitLabCase] = GitLabKind.allCases.flatMap { kind in
        Visibility.allCases.flatMap { visibility in
            GitLabStart.allCases.map { GitLabCase(kind: kind, visibility: visibility, start: $0) }
        }
    }

    /// What only the hidden project has: its group and path, description, topic, release, the one
    /// contributor's name and email, its group's face; its star count is checked apart.
    static let gitLabSecrets = [
        "hush-group", "vault-keeper", "hush-topic", "hush-release-9", "quiet keeper", "quiet.keeper@example.com",
        "hush-face",
    ]
    static let gitLabStars = "91373"

    static func gitLabSite(_ kind: GitLabKind, include: Bool, api: String) -> String {
        var text = "title: Cache\n"
        if include { text += "private: include\n" }
        text += "forges:\n  - host: gitlab.com\n    api: \(api)\nrepos:\n  - octocat/Hello-World\n"
        text += "  - gitlab.com/gitlab-org/gitlab-runner\n"
        switch kind {
        case .repos: text += "  - gitlab.com/hush-group/vault-keeper\n"
        case .rename: text += "  - gitlab.com/moved-away/old-vault\n"
        case .widget:
            // A widget names a listed project (a GitLab group's listing is not read yet).
            text += """
                  - gitlab.com/hush-group/vault-keeper
                widgets:
                  - kind: single
                    repo: gitlab.com/hush-group/vault-keeper
                  - kind: double
                    top: gitlab.com/gitlab-org/gitlab-runner
                    bottom: gitlab.com/hush-group/vault-keeper

                """
        }
        return text
    }

    /// GitHub's public repository and GitLab's projects on one server; the hidden project's
    /// document answers by its path (and by the path it moved from), then fails where the start
    /// says GitLab fails.
    static func gitLabRoutes(_ matrix: GitLabCase) throws -> [FixtureRoute] {
        let document = try JSONValue.decode(
            Data(contentsOf: E2EPaths.fixtures.appendingPathComponent("gitlab/project-private-vault.json")))
        func shown(_ visibility: String) -> FixtureResponse {
            guard case .object(var fields) = document else { return .json(document) }
            fields["visibility"] = .string(visibility)
            return .json(.object(fields), headers: GitLabRoutes.quota)
        }
        var answers = [shown(matrix.visibility.rawValue)]
        if matrix.start == .madePrivate { answers.insert(shown("public"), at: 0) }
        if matrix.start == .afterIncludeThenFailing { answers.append(.text("<h1>Bad Gateway</h1>", status: 502)) }
        let hidden = GitLabRoutes.project(
            path: "hush-group/vault-keeper", id: 78, file: "project-private-vault.json",
            mergeRequests: ["x-total": "29"], contributors: "contributors-vault.json", releases: "releases-vault.json",
            document: answers)
        let moved = FixtureRoute(
            method: "GET", path: "\(GitLabRoutes.api)/projects/moved-away%2Fold-vault", query: nil, responses: answers)
        let runner = GitLabRoutes.gitLabCom().filter { !$0.path.contains("278964") && !$0.path.contains("10983711") }
        let gitHub: [FixtureRoute] = [
            .get("/repos/octocat/Hello-World", .shared("repos-get-octocat-Hello-World.json")),
            .get("/repos/octocat/Hello-World/contributors", .shared("openapi-contributors-example.json")),
            .post("/graphql", .json(["message": "Problems parsing JSON"], status: 400)),
        ]
        return gitHub + runner + hidden + [moved]
    }

    /// The star count as a number of its own (not digits inside a hash), bare or grouped.
    static func showsGitLabStars(_ text: String) -> Bool {
        let lowered = text.lowercased()
        if lowered.contains("91,373") || lowered.contains("91\u{202F}373") || lowered.contains("91.373") { return true }
        return lowered.range(of: "(?<![0-9a-f])\(gitLabStars)(?![0-9a-f])", options: .regularExpression) != nil
    }

    static func gitLabTraces(_ text: String) -> [String] {
        gitLabSecrets.filter { text.lowercased().contains($0) } + (showsGitLabStars(text) ? [gitLabStars] : [])
    }

    /// Files under `folder` whose bytes show the star count.
    static func gitLabStarMentions(in folder: URL) -> [String] {
        let walker = FileManager.default.enumerator(atPath: folder.path)
        var found: [String] = []
        while let relative = walker?.nextObject() as? String {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(relative).path)
            else { continue }
            if showsGitLabStars(String(decoding: data, as: UTF8.self)) { found.append(relative) }
        }
        return found
    }

    @Test(arguments: gitLabCases)
    func gitLabProjectLeavesNothing(_ matrix: GitLabCase) async throws {
        let server = try await FixtureServer.start(routes: Self.gitLabRoutes(matrix), options: ["--auto-etag"])
        defer { server.stop() }
        let api = "\(server.base)/api/v4"
        let label = "private-cache-gitlab-\(matrix.kind)-\(matrix.visibility)-\(matrix.start)"
        let site = try PrivateSite(
            label, site: Self.gitLabSite(matrix.kind, include: matrix.start.includesFirst, api: api))
        defer { site.dir.remove() }
        if matrix.start.buildsFirst {
            let included = try await PrivateEverywhereEndToEndTests.build(site, server, now: "2026-11-21T12:00:00Z")
            #expect(included.result.status == 0, "\(included.result)")
            // The first build did publish and keep it: otherwise this case would prove nothing.
            #expect(!site.mentions(of: "hush-release-9").isEmpty, "\(included.result)")
            #expect(!PrivateSite.mentions(of: "vault-keeper", in: site.cache).isEmpty)
            try site.rewrite(Self.gitLabSite(matrix.kind, include: false, api: api))
        }
        let extra =
            switch matrix.start {
            case .afterIncludeThenOffline: ["--offline"]
            case .afterIncludeThenFailing: ["--retries", "1"]
            case .fresh, .afterInclude, .madePrivate: [String]()
            }
        for (index, now) in ["2026-11-22T12:00:00Z", "2026-11-23T12:00:00Z"].enumerated() {
            let built = try await PrivateEverywhereEndToEndTests.build(site, server, now: now, extra: extra)
            #expect(built.result.status == 0, "\(built.result)")
            if index == 0, matrix.kind != .rename {
                #expect(built.result.stderr.contains("site.yml:8:5: warning: this "), "\(built.result)")
            }
            let printed = built.result.stdout + built.result.stderr + built.summary
            #expect(
                Self.gitLabTraces(printed).isEmpty, "build \(index): \(Self.gitLabTraces(printed)): \(built.result)")
            for secret in Self.gitLabSecrets {
                #expect(site.mentions(of: secret).isEmpty, "build \(index): public/ mentions \(secret)")
                let kept = PrivateSite.mentions(of: secret, in: site.cache).map { Self.described($0, in: site.cache) }
                #expect(kept.isEmpty, "build \(index): .repowatch/ keeps \(secret) in clear: \(kept)")
            }
            for folder in [site.output, site.cache] {
                let shown = Self.gitLabStarMentions(in: folder)
                #expect(shown.isEmpty, "build \(index): \(folder.lastPathComponent) shows its stars: \(shown)")
            }
            let names = try site.snapshotNames()
            #expect(names.contains("gitlab.com/gitlab-org/gitlab-runner") && names.count == 2, "\(names)")
        }
    }
}
