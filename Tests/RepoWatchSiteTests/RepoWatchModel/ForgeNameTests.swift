import Foundation
import Testing

@testable import RepoWatchModel

/// A repository's identity carries its forge's host: `OWNER/NAME` stays GitHub's, byte for byte, and
/// `HOST/PATH` (nested groups too) names a project on another forge, safe in paths and ids.
@Suite("Repository names on other forges: HOST/PATH")
struct ForgeNameTests {
    @Test("HOST/GROUP/PROJECT and nested groups parse with their host, namespace and project")
    func forgeNames() throws {
        let nested = try RepoName.parse("gitlab.com/a/b/c/Project").get()
        #expect(nested.host == "gitlab.com")
        #expect(nested.owner == "a/b/c")
        #expect(nested.name == "Project")
        #expect(nested.path == "a/b/c/Project")
        #expect(nested.description == "gitlab.com/a/b/c/Project")
        #expect(nested.key == "gitlab.com/a/b/c/project")
        #expect(!nested.isGitHub)
        let host = try RepoName.parse("GitLab.Example.com/team/app").get()
        #expect(host.host == "gitlab.example.com", "a host is lowercased")
    }

    @Test("OWNER/NAME stays GitHub's, with the same key and folder as before forges")
    func gitHubUnchanged() throws {
        let swift = try RepoName.parse("Apple/Swift").get()
        #expect(swift.host == nil)
        #expect(swift.isGitHub)
        #expect(swift.description == "Apple/Swift")
        #expect(swift.key == "apple/swift")
        #expect(SiteLayout.repoFolder(swift) == "repos/apple/swift/")
        #expect(RepoKey(swift) == RepoKey("apple/swift"))
        let dotted = try RepoName.parse("vercel/next.js").get()
        #expect(dotted.isGitHub, "a dot in the name part does not make a host")
    }

    @Test("a forge's name keys as its text does, apart from a GitHub owner of the same spelling")
    func keys() throws {
        let project = try RepoName.parse("gitlab.com/Group/Project").get()
        #expect(RepoKey(project) == RepoKey("gitlab.com/group/project"))
        #expect(RepoKey(project) != RepoKey(try RepoName.parse("Group/Project").get()))
        #expect(RepoIndex([project]).position(of: try RepoName.parse("GITLAB.com/group/PROJECT").get()) == 0)
    }

    @Test(
        "pasted addresses of a forge's project are understood and refused in site.yml with the short form",
        arguments: [
            ("https://gitlab.com/a/b/project", "gitlab.com/a/b/project"),
            ("https://gitlab.com/a/b/project/-/tree/main", "gitlab.com/a/b/project"),
            ("https://gitlab.com/a/project/-/merge_requests?scope=all", "gitlab.com/a/project"),
            ("git@gitlab.com:a/b.git", "gitlab.com/a/b"),
            ("ssh://git@gitlab.example.com/team/app.git", "gitlab.example.com/team/app"),
            ("https://gitlab.com/a/b/releases", "gitlab.com/a/b/releases"),
            ("gitlab.com/a/b.git", "gitlab.com/a/b"),
        ])
    func pasted(_ form: (text: String, name: String)) throws {
        #expect(try RepoName.understanding(form.text, forges: Forges()).get().description == form.name)
        guard case .failure(.pasted(_, let name)) = RepoName.parse(form.text) else {
            Issue.record("\(form.text) parsed as a plain name")
            return
        }
        #expect(name.description == form.name)
        #expect(RepoNameError.pasted(form.text, name).description.contains("did you mean '\(form.name)'"))
    }

    @Test("a group alone, a bad host or a bad path is refused with what to write")
    func refused() {
        #expect(RepoName.parse("gitlab.com/group") == .failure(.forgeNamespace("gitlab.com/group")))
        #expect(RepoName.parse("gitlab.com/a/../b") == .failure(.invalidForgePath("gitlab.com/a/../b")))
        #expect(RepoName.parse("gitlab.com/-a/b") == .failure(.invalidForgePath("gitlab.com/-a/b")))
        #expect(RepoName.parse("gitlab.com//b") == .failure(.invalidForgePath("gitlab.com//b")))
        #expect(RepoName.parse("bad_host.com/a/b") == .failure(.invalidHost("bad_host.com")))
        #expect(
            RepoName.parse("github.com/apple/swift")
                == .failure(.pasted("github.com/apple/swift", .init(owner: "apple", name: "swift"))))
    }

    @Test("a derived double widget id has no dot and no slash for a forge's project; GitHub's is as before")
    func doubleIDs() throws {
        let gitLab = try RepoName.parse("gitlab.com/a/b/project").get()
        let swift = try RepoName.parse("apple/swift").get()
        let next = try RepoName.parse("vercel/next.js").get()
        #expect(SiteConfig.derivedDoubleID(top: gitLab, bottom: swift) == "gitlab-com-a-b-project--apple-swift")
        #expect(SiteConfig.derivedDoubleID(top: swift, bottom: next) == "apple-swift--vercel-next.js")
    }

    @Test("a page finds the site's root at any depth")
    func rootAtAnyDepth() throws {
        #expect(SiteLayout.root(of: SiteLayout.repoFolder(try RepoName.parse("apple/swift").get())) == "../../../")
        #expect(
            SiteLayout.root(of: SiteLayout.repoFolder(try RepoName.parse("gitlab.com/a/b/c/p").get()))
                == "../../../../../../")
    }
}
