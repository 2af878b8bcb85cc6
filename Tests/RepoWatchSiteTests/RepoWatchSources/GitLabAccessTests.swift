import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchSources

/// A GitLab project's per-feature access levels read as the parts a public site may ask and show.
@Suite("GitLab: parts shown to members only")
struct GitLabAccessTests {
    static func access(_ fields: [String: String]) throws -> GitLabAccess {
        try JSONDecoder().decode(GitLabAccess.self, from: JSONSerialization.data(withJSONObject: fields))
    }

    @Test("each level that is not everyone's hides its part; merge requests go with the repository")
    func levels() throws {
        #expect(try Self.access([:]).hidden.isEmpty, "an older GitLab without the fields: every part is shown")
        #expect(try Self.access(["issues_access_level": "private"]).membersOnly == .issues)
        #expect(try Self.access(["merge_requests_access_level": "private"]).membersOnly == .pulls)
        #expect(try Self.access(["releases_access_level": "private"]).membersOnly == .release)
        let repository = try Self.access(["repository_access_level": "private", "releases_access_level": "enabled"])
        #expect(repository.membersOnly == [.pulls, .language, .contributors])
        // Before releases had a level of their own, they were read with the code.
        #expect(try Self.access(["repository_access_level": "private"]).membersOnly.contains(.release))
        // Off is not members-only: nothing is asked, and the card has no words for it.
        let off = try Self.access(["issues_access_level": "disabled", "repository_access_level": "disabled"])
        #expect(off.membersOnly.isEmpty)
        #expect(off.hidden == [.issues, .pulls, .release, .language, .contributors])
        // A level this version does not know is shown to no one it can tell.
        #expect(try Self.access(["releases_access_level": "reporters"]).membersOnly == .release)
        #expect(try Self.access(["issues_access_level": "ENABLED"]).hidden.isEmpty)
    }

    @Test("the kept document keeps the levels and drops the count a member is given")
    func keptDocument() throws {
        let document: [String: Any] = [
            "id": 91, "path_with_namespace": "open-meadow/quiet-parts", "open_issues_count": 73519,
            "issues_access_level": "private", "star_count": 4242,
        ]
        let kept = GitLabAccess.kept(try JSONSerialization.data(withJSONObject: document))
        let text = String(decoding: kept, as: UTF8.self)
        #expect(!text.contains("73519") && text.contains("\"issues_access_level\":\"private\""), "\(text)")
        let project = try JSONDecoder().decode(GitLabProject.self, from: kept)
        #expect(project.access.membersOnly == .issues && project.openIssuesCount == nil && project.starCount == 4242)
        // A page of them, each entry alike; an everyone's count stays.
        var open = document
        open["issues_access_level"] = "enabled"
        let page = GitLabAccess.kept(try JSONSerialization.data(withJSONObject: [document, open]))
        let listed = try JSONDecoder().decode([GitLabProject].self, from: page)
        #expect(listed.map(\.openIssuesCount) == [nil, 73519])
    }

    @Test("snapshot.json names the parts, only where there are any, and reads them back")
    func snapshotField() throws {
        var repo = RepoSnapshot(configName: "gitlab.com/open-meadow/quiet-parts")
        #expect(!String(decoding: try Snapshot.encoder.encode(repo), as: UTF8.self).contains("members_only"))
        repo.membersOnly = [.contributors, .issues]
        let data = try Snapshot.encoder.encode(repo)
        #expect(String(decoding: data, as: UTF8.self).contains(#""members_only" : ["#))
        #expect(try Snapshot.decoder.decode(RepoSnapshot.self, from: data).membersOnly == [.issues, .contributors])
    }
}
