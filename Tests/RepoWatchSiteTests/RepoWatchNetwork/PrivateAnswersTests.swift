import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchNetwork
@testable import RepoWatchSources
@testable import RepoWatchSupport

/// What the cache keeps of a private repository's answers under `private: exclude`: only that it is
/// private, for every way an answer marks it, and everything of the others.
@Suite struct PrivateAnswersTests {
    static var marks: [(fields: [String: Any], isPrivate: Bool)] {
        [
            (["private": true, "visibility": "private"], true),
            (["private": true], true),
            (["private": false, "visibility": "internal"], true),
            (["visibility": "PRIVATE"], true),
            (["private": false, "visibility": "public"], false),
            (["private": false], false),
            ([:], false),
            // Gitea's: a public repository of a private organization, of a `limited` one.
            (["private": false, "internal": true], true),
            (["private": false, "internal": false, "owner": ["login": "me", "visibility": "limited"]], true),
            (["private": false, "owner": ["login": "me", "visibility": "public"]], false),
        ]
    }

    static func repository(_ name: String, _ fields: [String: Any]) -> [String: Any] {
        var object: [String: Any] = [
            "full_name": name, "owner": ["login": String(name.split(separator: "/")[0])],
            "description": "the notes of \(name)", "stargazers_count": 3,
        ]
        object.merge(fields) { $1 }
        return object
    }

    @Test func aDocumentIsSealedExactlyWhenItIsPrivate() throws {
        for mark in Self.marks {
            for pretty in [false, true] {
                let body = try JSONSerialization.data(
                    withJSONObject: Self.repository("me/secret", mark.fields), options: pretty ? [.prettyPrinted] : [])
                let kept = PrivateAnswers.redacted(body)
                #expect((kept == PrivateAnswers.sealedBody) == mark.isPrivate, "\(mark.fields) pretty: \(pretty)")
                #expect(mark.isPrivate || kept == nil, "a public document is kept as it came")
                #expect(PrivateAnswers.isPrivateDocument(body) == mark.isPrivate)
            }
        }
        #expect(PrivateAnswers.redacted(Data([0x89, 0x50, 0x4E, 0x47])) == nil, "an avatar is kept as it came")
    }

    @Test func aListKeepsItsPublicItemsAndASealedStubOfEachPrivateOne() throws {
        for (position, mark) in Self.marks.enumerated() {
            let list: [[String: Any]] = [
                Self.repository("acme/open", [:]), Self.repository("acme/Secret-\(position)", mark.fields),
            ]
            let body = try JSONSerialization.data(withJSONObject: list)
            guard let kept = PrivateAnswers.redacted(body) else {
                #expect(!mark.isPrivate, "\(mark.fields)")
                continue
            }
            #expect(mark.isPrivate)
            let text = String(decoding: kept, as: UTF8.self)
            #expect(!text.lowercased().contains("secret"), "\(text)")
            let items = try JSONDecoder().decode([ListedRepositoryPayload].self, from: kept)
            #expect(items.map(\.repository.fullName) == ["acme/open", SealedName.of("acme/secret-\(position)")])
            #expect(items.map(\.isPrivate) == [false, true])
        }
    }

    @Test func aSealedEntryIsFiledUnderItsURLWithoutNamingIt() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = ResponseCache(directory: folder)
        let url = "https://api.example.test/repos/me/secret"
        cache.store(
            .init(
                url: ResponseCache.sealedURL(for: url), tokenFingerprint: "t", status: 200, etag: "\"e\"",
                body: PrivateAnswers.sealedBody, storedAt: Date()))
        let entry = try #require(cache.entry(for: url))
        #expect(entry.isSealed && entry.etag == "\"e\"" && PrivateAnswers.isSealed(entry.body))
        let bytes = try Data(contentsOf: cache.file(for: url))
        #expect(String(decoding: bytes, as: UTF8.self).range(of: "secret", options: .caseInsensitive) == nil)
        #expect(cache.entry(for: "https://api.example.test/repos/me/other") == nil)
    }

    @Test func aSealedAnswerReadsAsAPrivateRepositoryByTheNameAsked() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = try JSONSerialization.data(
            withJSONObject: Self.repository("me/secret", ["private": true]) as [String: Any])
        let transport = FakeTransport { request in
            request.value(forHTTPHeaderField: "If-None-Match") == nil
                ? (200, ["ETag": "\"v1\""], document) : (304, [:], Data())
        }
        var options = try FetchOptions()
        options.sealsPrivateAnswers = true
        let api = APIConfiguration(baseURL: URL(string: "https://api.example.test")!, token: "t")
        let cache = ResponseCache(directory: folder)
        let client = GitHubClient(configuration: api, transport: transport, cache: cache, options: options)
        let name = RepoName(owner: "me", name: "secret")
        #expect(try await client.repository(name).0.isPrivate)
        let again = try await client.repository(name).0
        #expect(again.isPrivate && again.fullName == "me/secret" && again.description == nil)
        #expect(transport.requests.last?.value(forHTTPHeaderField: "If-None-Match") == "\"v1\"", "asked again cheaply")
        let stored = try Data(contentsOf: cache.file(for: "https://api.example.test/repos/me/secret"))
        #expect(!String(decoding: stored, as: UTF8.self).contains("the notes of"))
    }

    /// Gitea's `full_name` has no host: read as GitHub's it would name github.com's me/secret.
    @Test func aGiteaDocumentNamesItsRepositoryWithItsHost() throws {
        let fields: [String: Any] = [
            "private": true, "stars_count": 3, "html_url": "https://Codeberg.org/me/secret",
            "owner": ["login": "me", "avatar_url": "https://codeberg.org/avatars/me"],
        ]
        let body = try JSONSerialization.data(withJSONObject: Self.repository("me/secret", fields))
        #expect(PrivateAnswers.repositories(in: body).map(\.fullName) == ["codeberg.org/me/secret"])
        #expect(PrivateAnswers.privateRepositories(in: body).map(\.ownerAvatar) == ["https://codeberg.org/avatars/me"])
        var hostless = Self.repository("me/secret", fields)
        hostless["html_url"] = nil
        let bare = try JSONSerialization.data(withJSONObject: hostless)
        #expect(PrivateAnswers.repositories(in: bare).isEmpty, "never a name without its host")
    }

    /// A repository of a `limited` Gitea organization says neither `private` nor `internal`: its
    /// owner's visibility is what says it is not public, for its card and for an owner's list.
    @Test func aGiteaRepositoryOfALimitedOwnerIsNotPublic() throws {
        func item(_ name: String, owner visibility: String?) -> [String: Any] {
            var owner: [String: Any] = ["login": "org"]
            owner["visibility"] = visibility
            return ["full_name": "org/\(name)", "stars_count": 1, "private": false, "internal": false, "owner": owner]
        }
        let list = [item("open", owner: "public"), item("staff", owner: "limited"), item("old", owner: nil)]
        for object in list {
            let data = try JSONSerialization.data(withJSONObject: object)
            let document = try JSONDecoder().decode(GiteaRepository.self, from: data)
            #expect(document.isPrivate == (object["full_name"] as? String == "org/staff"), "\(object)")
        }
        let kept = GiteaListedRepository.withoutPrivate(try JSONSerialization.data(withJSONObject: list))
        let names = (try JSONSerialization.jsonObject(with: kept) as? [[String: Any]])?.compactMap { $0["full_name"] }
        #expect(names as? [String] == ["org/open", "org/old"])
    }
}
