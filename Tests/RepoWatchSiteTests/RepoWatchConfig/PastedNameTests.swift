import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchSupport

@Suite("Repository names as people paste them: repo add understands them, site.yml suggests OWNER/NAME")
struct PastedNameTests {
    /// Every form a user copies from GitHub, and the name it means.
    static let pasted: [(text: String, name: String)] = [
        ("https://github.com/vapor/vapor", "vapor/vapor"),
        ("https://github.com/vapor/vapor/", "vapor/vapor"),
        ("https://github.com/vapor/vapor.git", "vapor/vapor"),
        ("http://www.github.com/vapor/vapor", "vapor/vapor"),
        ("https://github.com/apple/swift/tree/main/docs", "apple/swift"),
        ("github.com/apple/swift", "apple/swift"),
        ("git@github.com:vapor/fluent.git", "vapor/fluent"),
        ("git@github.com:vapor/fluent", "vapor/fluent"),
        ("ssh://git@github.com/vapor/fluent.git", "vapor/fluent"),
        ("vapor/vapor.git", "vapor/vapor"),
        ("kudoleh/iOS-Clean-Architecture-MVVM.git", "kudoleh/iOS-Clean-Architecture-MVVM"),
    ]

    static let site = "title: Mine\nrepos:\n  - octocat/Hello-World\n"

    @Test("repo add writes each pasted form back as OWNER/NAME", arguments: pasted)
    func repoAdd(_ form: (text: String, name: String)) throws {
        let folder = try temporaryDirectory()
        let path = folder.appendingPathComponent("site.yml").path
        try Data(Self.site.utf8).write(to: URL(fileURLWithPath: path))
        let addition = try SiteFileEditor(path: path).add(form.text, widget: false)
        #expect(addition.name.description == form.name)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written == Self.site + "  - \(form.name)\n")
    }

    @Test("repo add of a pasted form of a saved repository says it was already saved")
    func repoAddSaved() throws {
        let edit = SiteTextEdit(file: "site.yml", text: Self.site)
        #expect {
            try edit.adding("https://github.com/OctoCat/hello-world.git")
        } throws: { String(describing: $0) == "octocat/Hello-World was already saved." }
    }

    @Test(
        "an owner's address is not a repository: repo add says so and points at owners:",
        arguments: [
            "https://github.com/apple", "https://github.com/apple/", "github.com/apple",
            "http://www.github.com/apple?tab=repositories",
        ])
    func ownerAddress(_ text: String) throws {
        let edit = SiteTextEdit(file: "site.yml", text: Self.site)
        #expect {
            try edit.adding(text)
        } throws: {
            String(describing: $0).contains("is apple's page, not a repository")
                && String(describing: $0).contains("`owners:` in site.yml (`- owner: apple`)")
        }
    }

    @Test("repo remove understands the pasted forms too")
    func repoRemove() throws {
        let edit = SiteTextEdit(file: "site.yml", text: Self.site + "  - vapor/vapor\n")
        let (name, edited) = try edit.removing("git@github.com:vapor/vapor.git")
        #expect(name.description == "vapor/vapor")
        #expect(edited == Self.site)
    }

    @Test("in site.yml each pasted form is an error at its place that suggests the exact OWNER/NAME", arguments: pasted)
    func siteFile(_ form: (text: String, name: String)) throws {
        let found = errors("title: Mine\nrepos:\n  - a/b\n  - '\(form.text)'\n")
        #expect(found.count == 1)
        let diagnostic = try #require(found.first)
        #expect(diagnostic.line == 4 && diagnostic.column == 5)
        #expect(diagnostic.message.hasSuffix("did you mean '\(form.name)'?"), "\(diagnostic.message)")
        #expect(diagnostic.message.contains("'\(form.text)'"))
    }

    @Test("owner/ and /name say which half is missing, in repo add and in site.yml")
    func missingHalves() throws {
        let cases: [(text: String, says: String)] = [
            ("vapor/", "'vapor/' has no repository name after the '/'; write it as vapor/NAME"),
            ("/vapor", "'/vapor' has no owner before the '/'; write it as OWNER/vapor"),
        ]
        for (text, says) in cases {
            #expect {
                try SiteTextEdit.parseName(text, forges: Forges())
            } throws: { String(describing: $0) == says }
            let found = errors("repos:\n  - \(text)\n")
            #expect(found.map(\.message) == [says])
            #expect(found.first.map { ($0.line, $0.column) } ?? (0, 0) == (2, 5))
        }
    }

    @Test("what is not a repository is not guessed at: a host's page, a link to an owner, a bad name")
    func notGuessed() {
        // A project on another forge is understood (`ForgeNameTests`); a host's page alone is not one.
        let cases: [(String, RepoNameError)] = [
            ("https://example.com/vapor", .notOwnerSlashName("https://example.com/vapor")),
            ("https://github.com/vapor", .ownerAddress("https://github.com/vapor", "vapor")),
            ("noslash", .notOwnerSlashName("noslash")),
            ("-bad/name", .invalidOwner("-bad")),
            ("good/na..me", .invalidName("na..me")),
        ]
        for (text, error) in cases {
            #expect(RepoName.understanding(text, forges: Forges()) == .failure(error), "\(text)")
        }
        #expect(RepoName.parse("vapor/vapor").map(\.description) == .success("vapor/vapor"))
        // A name merely ending in "git" is a name.
        #expect(RepoName.parse("a/legit").map(\.description) == .success("a/legit"))
    }
}
