import Foundation
import Testing

/// `build --sample` draws an owner on another forge as that forge's card: its host in the title and
/// the link, no contributions (read of GitHub alone), the repositories' primary languages counted
/// (GitLab's listing names none, and GitLab counts no followers); a GitHub owner's sample card is
/// what it was. Its made-up repositories link to their host, and their made-up history says it was
/// not fetched from that host.
@Suite("End-to-end: --sample draws each forge's owner cards in that forge's shape", .timeLimit(.minutes(10)))
struct SampleForgeOwnersEndToEndTests {
    static let site = """
        title: Sample forges
        repos:
          - gitlab.com/group/sub/project
        forges:
          - host: git.example.org
            kind: gitea
        owners:
          - owner: octo-org
          - owner: codeberg.org/forgejo
          - owner: gitlab.com/gitlab-org
          - owner: git.example.org/someone

        """

    @Test("each owner's card says its host and holds what its forge gives; GitHub's is GitHub's")
    func forgeShapes() async throws {
        let site = try OwnerSite("sample-forge-owners", site: Self.site)
        defer { site.dir.remove() }
        let built = try await site.build(nil, ["--sample"])
        #expect(built.status == 0, "\(built)")
        let owners = try JSONValue.decode(Data(try site.read("data/owners.json").utf8))["owners"]?.array ?? []
        #expect(owners.count == 4)
        for (owner, forge, host) in [
            ("octo-org", "github", "github.com"), ("codeberg.org/forgejo", "forgejo", "codeberg.org"),
            ("gitlab.com/gitlab-org", "gitlab", "gitlab.com"), ("git.example.org/someone", "gitea", "git.example.org"),
        ] {
            let record = try #require(owners.first { $0["owner"]?.string == owner }, "\(owner)")
            #expect(record["forge"]?.string == forge && record["state"]?.string == "sample", "\(record)")
            let path = owner.hasPrefix(host) ? owner : host + "/" + owner
            #expect(record["html_url"]?.string == "https://\(path)", "\(record)")
            let folder = "owners/" + owner.lowercased() + "/"
            let stats = try site.read(folder + "stats.svg")
            let languages = try site.read(folder + "languages.svg")
            guard forge != "github" else {
                #expect(stats.contains("octo-org on GitHub") && record["languages_by"]?.string == "size")
                continue
            }
            #expect(record["contributions"]?.isNull == true, "\(owner): \(record)")
            #expect(record["languages_by"]?.string == "repositories", "\(owner): \(record)")
            for (file, text) in [("stats.svg", stats), ("languages.svg", languages)] {
                #expect(!text.contains("GitHub"), "\(owner) \(file)")
            }
            #expect(stats.contains(" on \(host)"), "\(owner)")
            #expect(try site.read(folder + "index.html").contains(" on \(host)"), "\(owner)")
            if forge == "gitlab" {
                #expect(record["followers"]?.isNull == true && record["languages"]?.array?.isEmpty == true)
            } else {
                #expect(record["languages"]?.array?.isEmpty == false, "\(owner): \(record)")
            }
        }
        // The made-up history of a repository on another forge was not fetched from its host, not GitHub.
        let folder = "repos/gitlab.com/group/sub/project/"
        let page = try site.read(folder + "index.html")
        #expect(page.contains("not fetched from gitlab.com") && !page.contains("not fetched from GitHub"))
        let image = try site.read(folder + "history.svg")
        #expect(image.contains("not fetched from gitlab.com") && !image.contains("GitHub"))
        let repos = try JSONValue.decode(Data(try site.read("data/snapshot.json").utf8))["repos"]?.array ?? []
        #expect(repos.count > 4)
        for repo in repos {
            let name = repo["config_name"]?.string ?? ""
            let first = String(name.prefix { $0 != "/" })
            let host = first.contains(".") ? first : "github.com"
            let path = host == "github.com" ? name : String(name.dropFirst(host.count + 1))
            #expect(repo["html_url"]?.string == "https://\(host)/\(path)", "\(repo)")
        }
    }
}
