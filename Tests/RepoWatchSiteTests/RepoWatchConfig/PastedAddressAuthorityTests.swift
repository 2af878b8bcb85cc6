import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel

/// A pasted address's authority: after a scheme, a `:PORT` ends the host (it is no group), and a
/// `user:password@` (a token pasted with a clone URL) is dropped before reading and never said back.
/// Only the bare `git@HOST:PATH` separates the path with a colon.
@Suite("Pasted addresses: ports and credentials")
struct PastedAddressAuthorityTests {
    static let forges = Forges(declared: [
        Forge(host: "gitlab.example.com", kind: .gitlab, api: URL(string: "https://gitlab.example.com/api/v4")!)
    ])

    @Test(
        "a port after a scheme is not a path segment; credentials are dropped",
        arguments: [
            ("ssh://git@gitlab.com:2222/acme/tool.git", "gitlab.com/acme/tool"),
            ("https://codeberg.org:443/forgejo/forgejo", "codeberg.org/forgejo/forgejo"),
            ("http://gitlab.example.com:8080/acme/infra/releases/-/tags", "gitlab.example.com/acme/infra/releases"),
            ("git://codeberg.org:9418/forgejo/runner.git", "codeberg.org/forgejo/runner"),
            ("https://oauth2:glpat-SECRET@gitlab.com/acme/tool.git", "gitlab.com/acme/tool"),
            (
                "https://glpat-SECRET@gitlab.example.com:8443/acme/infra/releases",
                "gitlab.example.com/acme/infra/releases"
            ),
            ("https://x-access-token:ghp_SECRET@github.com/apple/swift.git", "apple/swift"),
            ("https://github.com:443/apple/swift", "apple/swift"),
            ("git@gitlab.com:acme/tool.git", "gitlab.com/acme/tool"),
        ])
    func understood(_ form: (pasted: String, saved: String)) {
        #expect(RepoName.understanding(form.pasted, forges: Self.forges).map(\.description) == .success(form.saved))
    }

    @Test(
        "an error about a pasted address masks its credentials",
        arguments: [
            "https://oauth2:glpat-SECRET@gitlab.com/acme/tool.git", "https://oauth2:glpat-SECRET@gitlab.com/acme",
            "https://x-access-token:ghp_SECRET@github.com/apple", "https://glpat-SECRET@gitlab.com/",
        ])
    func masked(_ pasted: String) throws {
        guard case .failure(let error) = RepoName.parse(pasted, forges: Self.forges) else {
            Issue.record("\(pasted) parsed")
            return
        }
        #expect(!error.description.contains("SECRET"), "\(error)")
        #expect(!error.description.contains("oauth2") && !error.description.contains("x-access-token"), "\(error)")
        let yaml = "title: Mine\nrepos:\n  - \(pasted)\n"
        #expect {
            try ConfigLoader(file: "site.yml", locales: .builtIn).parse(yaml)
        } throws: { error in
            let said = String(describing: error)
            return !said.contains("SECRET") && said.contains("***@")
        }
    }
}
