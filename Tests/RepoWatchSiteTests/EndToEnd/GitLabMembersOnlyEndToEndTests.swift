import Foundation
import Testing

/// A public GitLab project that keeps its code, merge requests, issues and releases to its members
/// (issue 48), built in German with a member's token against a fixture GitLab: the project's
/// document alone is asked, and every page, image and data file shows its stars and says, in the
/// site's language, what is for members only; `--offline` decides the same from the cache.
@Suite("End-to-end: a GitLab project's members-only parts, said on the card", .timeLimit(.minutes(10)))
struct GitLabMembersOnlyEndToEndTests {
    static let project = "gitlab.com/open-meadow/quiet-parts"

    /// Every part members-only, as GitLab's settings page leaves it (merge requests no wider than the code).
    static func document() throws -> JSONValue {
        var fields: [String: JSONValue] = [:]
        for field in [
            "issues_access_level", "repository_access_level", "merge_requests_access_level", "releases_access_level",
        ] {
            fields[field] = "private"
        }
        let document = try JSONValue.decode(
            Data(contentsOf: E2EPaths.fixtures.appendingPathComponent("gitlab/project-members-parts.json")))
        guard case .object(let original) = document else { return document }
        return .object(original.merging(fields) { $1 })
    }

    @Test("only the document is asked; the card, SVG, badges, open data and history say members only")
    func everyPartMembersOnly() async throws {
        let gitLab = try await FixtureServer.start(
            routes: GitLabRoutes.project(
                path: "open-meadow/quiet-parts", id: 91, file: "project-members-parts.json",
                mergeRequests: ["x-total": "62843"], contributors: "contributors-members.json",
                releases: "releases-members.json", languages: "languages-members.json",
                document: [.json(try Self.document(), headers: GitLabRoutes.quota)]))
        let gitHub = try await FixtureServer.start(routes: NetworkRoutes.routes())
        defer {
            gitLab.stop()
            gitHub.stop()
        }
        let dir = try TempDir("gitlab-members-only")
        defer { dir.remove() }
        try dir.write(
            "site.yml",
            """
            title: Members
            locale: de
            forges:
              - host: gitlab.com
                api: \(gitLab.base)/api/v4
            repos:
              - \(Self.project)

            """)
        let environment = BinaryRunner.environment(
            home: dir.url.appendingPathComponent("home"),
            ["GITLAB_TOKEN": "glpat-memberTokenSeesEverything0123", "REPOWATCH_NOW": "2026-11-22T12:00:00Z"])
        for extra in [[], ["--offline"]] {
            let result = try await BinaryRunner.run(
                ["build", "--jobs", "2", "--api-url", gitHub.base] + extra, in: dir.url, environment: environment)
            #expect(result.status == 0, "\(extra): \(result)")
            try Self.expectSaid(in: dir.url.appendingPathComponent("public"), extra)
        }
        let asked = try await gitLab.requests().map(\.pathOnly)
        #expect(asked == ["/api/v4/projects/open-meadow%2Fquiet-parts"], "\(asked)")
    }

    static func expectSaid(in output: URL, _ round: [String]) throws {
        let folder = output.appendingPathComponent("repos/\(project)")
        let medium = try HTMLPage(contentsOf: folder.appendingPathComponent("medium.html"))
        #expect(medium.stats()["stars"]?.value == "4242", "\(round)")
        #expect(medium.stats()["issues"] == nil && medium.stats()["pulls"] == nil, "\(round)")
        let absent = medium.tags(where: "data-absent").compactMap { $0["data-absent"] }
        #expect(absent == ["issues", "pulls", "release", "language"], "\(round): \(absent)")
        #expect(medium.source.contains("Nur für Mitglieder:"), "\(round)")
        #expect(medium.source.contains("Offene Issues sind nur für Projektmitglieder sichtbar"), "\(round)")
        let large = try HTMLPage(contentsOf: folder.appendingPathComponent("large.html"))
        #expect(large.stats()["release"] == nil && large.stats()["language"] == nil, "\(round)")
        #expect(large.tags(where: "data-login").isEmpty, "\(round)")
        let note = large.tags(where: "data-absent", is: "contributors")
        #expect(note.count == 1 && large.source.contains("Mitwirkende sind nur für Projektmitglieder sichtbar"))
        for image in ["medium.svg", "large-dark.svg"] {
            let svg = try String(contentsOf: folder.appendingPathComponent(image), encoding: .utf8)
            #expect(svg.contains(#"<g data-absent="issues pulls release language">"#), "\(round): \(image)")
            // Four parts are more than the line holds: it ends in an ellipsis, each sentence in the HTML's title.
            #expect(svg.contains("Nur für Mitglieder: Issues · Merge-Requests"), "\(round): \(image)")
        }
        for badge in ["issues", "pulls", "release"] {
            let svg = try String(contentsOf: folder.appendingPathComponent("badges/\(badge).svg"), encoding: .utf8)
            #expect(svg.contains("nur Mitglieder"), "\(round): \(badge)")
        }
        let records = try JSONValue.decode(Data(contentsOf: output.appendingPathComponent("data/repos.json")))
        let record = records["repos"]?.array?.first { $0["config_name"]?.string == project }
        for field in ["open_issues", "open_pulls", "release", "language"] {
            #expect(record?[field] == .null, "\(round): \(field) in \(record ?? .null)")
        }
        let snapshot = try JSONValue.decode(Data(contentsOf: output.appendingPathComponent("data/snapshot.json")))
        let entry = snapshot["repos"]?.array?.first
        let said = entry?["members_only"]?.array?.compactMap(\.string)
        #expect(said == ["issues", "pulls", "release", "language", "contributors"], "\(round)")
        #expect(entry?["contributors_note"]?.string == "Contributors shown to project members only", "\(round)")
        let history = try String(contentsOf: output.appendingPathComponent("data/history.json"), encoding: .utf8)
        #expect(!history.contains("73519") && !history.contains("62843"), "\(round)")
    }
}
