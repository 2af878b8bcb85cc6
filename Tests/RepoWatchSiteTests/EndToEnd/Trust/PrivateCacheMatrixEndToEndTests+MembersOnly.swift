import Foundation
import Testing

@testable import RepoWatchModel

/// The private matrix's members-only rows (issue 48): a public GitLab project that keeps one part to
/// its members (`issues_access_level`, `merge_requests_access_level`, `releases_access_level` or
/// `repository_access_level` set to `private`), named by a `repos:` entry or listed by its group under
/// `owners:`, built with a member's token (which GitLab answers everything) from a fresh cache, after
/// a build that published the part (turned members-only since), then `--offline`, or then with GitLab
/// answering 502. After every build that knows the level, the part is not asked (the request log),
/// nothing of it is in the site or `.repowatch/`, the card says in words why it is missing, and the
/// rest of the card (its stars) is still there.
///
/// Generated: every part × start × kind.
extension PrivateCacheMatrixEndToEndTests {
    enum MembersOnlyPart: String, CaseIterable, Sendable {
        case issues, mergeRequests, releases, repository

        /// The document's field set to `private`.
        var field: String {
            switch self {
            case .issues: "issues_access_level"
            case .mergeRequests: "merge_requests_access_level"
            case .releases: "releases_access_level"
            case .repository: "repository_access_level"
            }
        }
        /// What the card leaves out, as snapshot.json's `members_only` names it (merge requests live
        /// on the repository: GitLab hides them with it).
        var hidden: [String] {
            switch self {
            case .issues: ["issues"]
            case .mergeRequests: ["pulls"]
            case .releases: ["release"]
            case .repository: ["pulls", "language", "contributors"]
            }
        }
        /// Requests that must not be made once the level is known.
        var endpoints: [String] {
            let project = "\(GitLabRoutes.api)/projects/91"
            switch self {
            case .issues: return ["\(project)/issues"]
            case .mergeRequests: return ["\(project)/merge_requests"]
            case .releases: return ["\(project)/releases"]
            case .repository:
                return ["\(project)/repository/contributors", "\(project)/languages", "\(project)/merge_requests"]
            }
        }
        /// Words only the hidden part has (the contributor's name and email, the release's tag, the
        /// main language) and its counts, each a number no other fixture has.
        var secrets: [String] {
            switch self {
            case .issues: []
            case .mergeRequests: []
            case .releases: ["members-release-5"]
            case .repository: ["memberly", "haxe"]
            }
        }
        var numbers: [String] {
            switch self {
            case .issues: ["73519"]
            case .mergeRequests, .repository: ["62843"]
            case .releases: []
            }
        }
    }

    enum MembersOnlyStart: String, CaseIterable, Sendable {
        case fresh
        /// Published by a first build, members-only since.
        case turnedSince
        /// The same, then `--offline`.
        case offline
        /// The same, then GitLab answering 502.
        case failing
    }

    enum MembersOnlyKind: String, CaseIterable, Sendable { case repos, owners }

    struct MembersOnlyCase: Sendable, CustomTestStringConvertible {
        let part: MembersOnlyPart
        let start: MembersOnlyStart
        let kind: MembersOnlyKind
        var testDescription: String { "GitLab members-only \(part) \(start) \(kind)" }
    }

    static let membersOnlyCases = MembersOnlyPart.allCases.flatMap { part in
        MembersOnlyStart.allCases.flatMap { start in
            MembersOnlyKind.allCases.map { MembersOnlyCase(part: part, start: start, kind: $0) }
        }
    }

    static let membersProject = "gitlab.com/open-meadow/quiet-parts"
    static let memberToken = "glpat-memberTokenSeesEverything0123"

    static func membersSite(_ kind: MembersOnlyKind, api: String) -> String {
        var text = "title: Members\nforges:\n  - host: gitlab.com\n    api: \(api)\nrepos:\n"
        text += "  - octocat/Hello-World\n  - gitlab.com/gitlab-org/gitlab-runner\n"
        switch kind {
        case .repos: text += "  - \(membersProject)\n"
        case .owners: text += "owners:\n  - owner: gitlab.com/open-meadow\n"
        }
        return text + "notify:\n  - format: json\n    url_env: MEMBERS_HOOK\n"
    }

    /// What a build that saw the project's new release would have queued for the `notify:` target (a
    /// first build queues nothing, so one is written as it would be).
    static func queueRelease(in cache: URL) throws {
        let files = NotifyFiles(cacheDirectory: cache)
        var queue = files.loadQueue { Issue.record("\($0)") }
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let key = membersProject
        let entry = FeedEntry(
            id: "urn:uuid:\(key)/release/members-release-5", repo: key, kind: .release,
            title: "\(key) released members-release-5", summary: "\(key) published the release members-release-5.",
            updated: now, facts: FeedFacts(name: key))
        queue.update(
            targets: [NotifyTarget(format: .json, urlEnv: "MEMBERS_HOOK")], news: [entry], log: NotifyLog(), now: now)
        try files.save(queue)
    }

    /// The project's document with `part` public or members-only.
    static func membersDocument(_ part: MembersOnlyPart, membersOnly: Bool) throws -> JSONValue {
        let document = try JSONValue.decode(
            Data(contentsOf: E2EPaths.fixtures.appendingPathComponent("gitlab/project-members-parts.json")))
        guard membersOnly, case .object(var fields) = document else { return document }
        fields[part.field] = "private"
        return .object(fields)
    }

    /// GitHub's public repository, GitLab's public runner project, and the project (by path, and in
    /// its group's one-page list), whose answers follow the start: public first where it turned.
    static func membersRoutes(_ matrix: MembersOnlyCase) throws -> [FixtureRoute] {
        let hidden = try membersDocument(matrix.part, membersOnly: true)
        var documents = [hidden]
        if matrix.start != .fresh { documents.insert(try membersDocument(matrix.part, membersOnly: false), at: 0) }
        let failing = FixtureResponse.text("<h1>Bad Gateway</h1>", status: 502)
        var answers = documents.map { FixtureResponse.json($0, headers: GitLabRoutes.quota) }
        var pages = documents.map {
            FixtureResponse.json(.array([$0]), headers: ["x-next-page": "", "x-total": "1"])
        }
        if matrix.start == .failing {
            answers.append(failing)
            pages.append(failing)
        }
        let api = GitLabRoutes.api
        let project = GitLabRoutes.project(
            path: "open-meadow/quiet-parts", id: 91, file: "project-members-parts.json",
            mergeRequests: ["x-total": "62843"], contributors: "contributors-members.json",
            releases: "releases-members.json", languages: "languages-members.json", document: answers)
        let group: [FixtureRoute] = [
            .get("\(api)/groups/open-meadow", GitLabRoutes.file("group-open-meadow.json")),
            FixtureRoute(method: "GET", path: "\(api)/groups/open-meadow/projects", query: nil, responses: pages),
        ]
        let runner = GitLabRoutes.gitLabCom().filter { !$0.path.contains("278964") && !$0.path.contains("10983711") }
        let gitHub: [FixtureRoute] = [
            .get("/repos/octocat/Hello-World", .shared("repos-get-octocat-Hello-World.json")),
            .get("/repos/octocat/Hello-World/contributors", .shared("openapi-contributors-example.json")),
            .post("/graphql", .json(["message": "Problems parsing JSON"], status: 400)),
        ]
        return gitHub + runner + project + group
    }

    /// A build with a member's token for GitLab.
    static func memberBuild(_ site: PrivateSite, _ server: FixtureServer, now: String, extra: [String] = [])
        async throws -> RunResult
    {
        let environment = BinaryRunner.environment(
            home: site.dir.url.appendingPathComponent("home"),
            ["GITHUB_TOKEN": site.token, "GITLAB_TOKEN": memberToken, "REPOWATCH_NOW": now])
        return try await BinaryRunner.run(
            ["build", "--jobs", "2", "--verbose", "--api-url", server.base] + extra, in: site.dir.url,
            environment: environment)
    }

    /// Files under `folder` that show `number` as a number of its own (not digits inside a hash or
    /// a longer number), bare or grouped.
    static func numberMentions(_ number: String, in folder: URL) -> [String] {
        let digits = Array(number)
        let grouped = [",", ".", "\u{202F}", "\u{A0}", " "].map {
            String(digits.dropLast(3)) + $0 + String(digits.suffix(3))
        }
        let walker = FileManager.default.enumerator(atPath: folder.path)
        var found: [String] = []
        while let relative = walker?.nextObject() as? String {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(relative).path)
            else { continue }
            let text = String(decoding: data, as: UTF8.self).lowercased()
            let bare = text.range(of: "(?<![0-9a-f])\(number)(?![0-9a-f])", options: .regularExpression) != nil
            if bare || grouped.contains(where: text.contains) { found.append(relative) }
        }
        return found
    }

    /// What a build that knows the level leaves: nothing of the part anywhere, the words on the card.
    static func expectHidden(
        _ matrix: MembersOnlyCase, _ site: PrivateSite, _ result: RunResult, asked: [LoggedRequest], round: String
    ) throws {
        #expect(result.status == 0, "\(round): \(result)")
        let paths = asked.map(\.pathOnly)
        for endpoint in matrix.part.endpoints {
            #expect(!paths.contains(endpoint), "\(round): asked \(endpoint)")
        }
        if matrix.part == .repository {
            #expect(!asked.contains { $0.path.lowercased().contains("memberly") }, "\(round): a face was looked up")
        }
        let printed = (result.stdout + result.stderr).lowercased()
        for secret in matrix.part.secrets {
            #expect(!printed.contains(secret), "\(round): the log says \(secret)")
            #expect(site.mentions(of: secret).isEmpty, "\(round): public/ has \(secret): \(site.mentions(of: secret))")
            let kept = PrivateSite.mentions(of: secret, in: site.cache)
            #expect(kept.isEmpty, "\(round): .repowatch/ has \(secret): \(kept)")
        }
        // Nor the previous site kept aside for the next build, which showed it in a turned row.
        let recycled = site.dir.url.appendingPathComponent(".public.recycled")
        if FileManager.default.fileExists(atPath: recycled.path) {
            let aside = matrix.part.secrets.flatMap { PrivateSite.mentions(of: $0, in: recycled) }
            #expect(aside.isEmpty, "\(round): .public.recycled/ keeps \(aside)")
        }
        let folders = [site.output, site.cache, recycled].filter { FileManager.default.fileExists(atPath: $0.path) }
        for number in matrix.part.numbers {
            for folder in folders {
                let shown = numberMentions(number, in: folder)
                #expect(shown.isEmpty, "\(round): \(folder.lastPathComponent) shows \(number): \(shown)")
            }
        }
        let entry = try site.snapshot()["repos"]?.array?.first { $0["config_name"]?.string == membersProject }
        let said = entry?["members_only"]?.array?.compactMap(\.string) ?? []
        #expect(Set(said) == Set(matrix.part.hidden), "\(round): members_only \(said)")
        #expect(entry?["stars"]?.int == 4242, "\(round): the rest of the card stays: \(entry ?? .null)")
        let folder = site.output.appendingPathComponent("repos/\(membersProject)")
        let medium = try HTMLPage(contentsOf: folder.appendingPathComponent("medium.html"))
        let absent = Set(medium.tags(where: "data-absent").compactMap { $0["data-absent"] })
        let onCard = matrix.part.hidden.filter { $0 != "contributors" }
        #expect(absent == Set(onCard), "\(round): \(absent)")
        #expect(medium.source.contains("Members only:"), "\(round): the card says why")
        let svg = try String(contentsOf: folder.appendingPathComponent("medium.svg"), encoding: .utf8)
        let svgSays = "<g data-absent=\"\(onCard.joined(separator: " "))\"><text"
        #expect(svg.contains(svgSays) && svg.contains("Members only:"), "\(round): the SVG says why")
        let large = try HTMLPage(contentsOf: folder.appendingPathComponent("large.html"))
        if matrix.part == .repository {
            #expect(large.tags(where: "data-login").isEmpty, "\(round)")
            #expect(!large.tags(where: "data-absent", is: "contributors").isEmpty, "\(round): the grid says why")
            #expect(large.source.contains("Contributors are shown to project members only"), "\(round)")
        }
        if matrix.part == .issues {
            #expect(medium.stats()["issues"] == nil, "\(round): \(medium.stats())")
            let badge = try String(contentsOf: folder.appendingPathComponent("badges/issues.svg"), encoding: .utf8)
            #expect(badge.contains("members only"), "\(round): \(badge)")
        }
    }

    @Test(arguments: membersOnlyCases)
    func membersOnlyPartStaysOff(_ matrix: MembersOnlyCase) async throws {
        let server = try await FixtureServer.start(routes: Self.membersRoutes(matrix), options: ["--auto-etag"])
        defer { server.stop() }
        let api = "\(server.base)/api/v4"
        let site = try PrivateSite(
            "members-\(matrix.part)-\(matrix.start)-\(matrix.kind)", site: Self.membersSite(matrix.kind, api: api))
        defer { site.dir.remove() }
        if matrix.start != .fresh {
            let published = try await Self.memberBuild(site, server, now: "2026-11-21T12:00:00Z")
            #expect(published.status == 0, "\(published)")
            // The first build did publish the part: otherwise this row would prove nothing.
            let shown =
                matrix.part.secrets.flatMap { site.mentions(of: $0) }
                + matrix.part.numbers.flatMap { Self.numberMentions($0, in: site.output) }
            #expect(!shown.isEmpty, "the public build showed nothing of \(matrix.part)")
            if matrix.part == .releases { try Self.queueRelease(in: site.cache) }
        }
        var rounds: [(String, [String])] = [("members-only", []), ("again", [])]
        switch matrix.start {
        case .fresh, .turnedSince: break
        case .offline: rounds[1] = ("offline", ["--offline"])
        case .failing: rounds[1] = ("502", ["--retries", "1"])
        }
        for (index, (round, extra)) in rounds.enumerated() {
            let before = try await server.requests().count
            let result = try await Self.memberBuild(site, server, now: "2026-11-2\(2 + index)T12:00:00Z", extra: extra)
            let asked = Array(try await server.requests().dropFirst(before))
            try Self.expectHidden(matrix, site, result, asked: asked, round: round)
        }
    }
}
