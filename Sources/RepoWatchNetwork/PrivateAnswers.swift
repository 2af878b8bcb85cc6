import Foundation
import RepoWatchSupport

/// A private repository's answers under `private: exclude`: the site will not show the repository,
/// so the cache keeps only that it is private (a sealed entry: its URL hashed, its validators, no
/// document) and `--verbose` does not name it. `.repowatch/` is saved with actions/cache, which
/// other workflows of the repository, pull requests' among them, can restore.
package enum PrivateAnswers {
    /// What a sealed entry holds in place of the document, and what the cache answers with it.
    static let sealedBody = Data(#"{"private":true}"#.utf8)

    /// Whether `data` is a sealed entry's body.
    package static func isSealed(_ data: Data) -> Bool { data == sealedBody }

    /// What the cache may keep of a body: nil when it holds nothing private (kept as it came); the
    /// sealed body for a private repository's document; for a list (an owner's), each private
    /// repository as a stub that keeps only that it is private, by a `SealedName`.
    static func redacted(_ data: Data) -> Data? {
        guard mayMarkPrivate(data), let value = try? JSONSerialization.jsonObject(with: data) else { return nil }
        if let document = value as? [String: Any] {
            return isPrivate(document) ? sealedBody : nil
        }
        guard let list = value as? [Any], list.contains(where: { ($0 as? [String: Any]).map(isPrivate) ?? false })
        else { return nil }
        let kept = list.map { item -> Any in
            guard let object = item as? [String: Any], isPrivate(object) else { return item }
            return stub(of: object)
        }
        return try? JSONSerialization.data(withJSONObject: kept, options: [.sortedKeys])
    }

    /// A list item that says only "a private repository of this owner", named by `SealedName`.
    private static func stub(of item: [String: Any]) -> [String: Any] {
        let name = (item["full_name"] as? String).flatMap { SealedName.of($0) } ?? "sealed/\(SealedName.marker)unknown"
        let owner = String(name.prefix { $0 != "/" })
        return ["full_name": name, "owner": ["login": owner], "private": true, "visibility": "private"]
    }

    /// A repository a body describes: what the cache sweep needs to find the rest of it.
    package struct Repository: Sendable, Equatable {
        package var fullName: String
        package var ownerAvatar: String?
        /// A GitLab project's id, which names its parts' URLs (its document is asked by path).
        package var projectID: Int?
        /// The URL the document was kept under, which says where that forge's API is.
        package var documentURL: String?
    }

    /// The repository of a document, or every item of a list.
    package static func repositories(in data: Data) -> [Repository] {
        objects(in: data).compactMap(repository)
    }

    /// The private ones of `repositories(in:)`.
    static func privateRepositories(in data: Data) -> [Repository] {
        guard mayMarkPrivate(data) else { return [] }
        return objects(in: data).filter(isPrivate).compactMap(repository)
    }

    /// The `avatar_url` of each item of a list (a contributor list's faces).
    package static func avatarURLs(in data: Data) -> [String] {
        objects(in: data).compactMap { $0["avatar_url"] as? String }
    }

    private static func objects(in data: Data) -> [[String: Any]] {
        let value = try? JSONSerialization.jsonObject(with: data)
        if let document = value as? [String: Any] { return [document] }
        return (value as? [Any])?.compactMap { $0 as? [String: Any] } ?? []
    }

    private static func repository(_ object: [String: Any]) -> Repository? {
        guard let name = object["full_name"] as? String else { return gitLabProject(object) }
        if isGitea(object) { return giteaRepository(object, name: name) }
        return Repository(fullName: name, ownerAvatar: (object["owner"] as? [String: Any])?["avatar_url"] as? String)
    }

    /// A GitLab project's document, which has no `full_name`: named `HOST/PATH` as site.yml names it
    /// (the host of its `web_url`), its face its namespace's.
    private static func gitLabProject(_ object: [String: Any]) -> Repository? {
        guard let path = object["path_with_namespace"] as? String, let id = object["id"] as? Int,
            let host = (object["web_url"] as? String).flatMap(URL.init(string:))?.host?.lowercased()
        else { return nil }
        let face = (object["namespace"] as? [String: Any])?["avatar_url"] as? String ?? object["avatar_url"] as? String
        return Repository(fullName: "\(host)/\(path)", ownerAvatar: face, projectID: id)
    }

    /// Gitea's and Forgejo's `structs.Repository` (`stars_count`, `open_pr_counter`; GitHub's says
    /// `stargazers_count`): its `full_name` has no host, and read as GitHub's it would name another
    /// repository, a public one of github.com.
    private static func isGitea(_ object: [String: Any]) -> Bool {
        object["stars_count"] != nil || object["open_pr_counter"] != nil
    }

    /// A Gitea repository named `HOST/OWNER/NAME` as site.yml names it (the host of its `html_url`);
    /// nil without one: never a name without its host.
    private static func giteaRepository(_ object: [String: Any], name: String) -> Repository? {
        guard let host = (object["html_url"] as? String).flatMap(URL.init(string:))?.host?.lowercased(), !host.isEmpty
        else { return nil }
        let face = (object["owner"] as? [String: Any])?["avatar_url"] as? String
        return Repository(fullName: "\(host)/\(name)", ownerAvatar: face)
    }

    /// Whether a body is a private repository's document (or a sealed entry's).
    static func isPrivateDocument(_ data: Data) -> Bool {
        isSealed(data) || redacted(data) == sealedBody
    }

    /// `"private": true`, `"internal": true` (Gitea's, a private organization's), or a `visibility`
    /// other than `public` (Enterprise's and GitLab's `internal`), the repository's or its owner's
    /// (Gitea's `limited` organizations and users, for signed-in users only).
    private static func isPrivate(_ object: [String: Any]) -> Bool {
        if object["private"] as? Bool == true || object["internal"] as? Bool == true { return true }
        let owner = (object["owner"] as? [String: Any])?["visibility"] as? String
        return [object["visibility"] as? String, owner].contains { $0.map { $0.lowercased() != "public" } ?? false }
    }

    /// A quick look before parsing: a `"private"` or `"internal"` key whose value is `true`, or a `"visibility"` whose
    /// value is not `"public"`. Most answers (avatars, contributor lists, public repositories) have
    /// neither and are kept without being parsed.
    private static func mayMarkPrivate(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            values(in: raw, of: #""private""#).contains { rest(raw, from: $0, startsWith: "true") }
                || values(in: raw, of: #""internal""#).contains { rest(raw, from: $0, startsWith: "true") }
                || values(in: raw, of: #""visibility""#).contains { !rest(raw, from: $0, startsWith: #""public""#) }
        }
    }

    /// Where the value of each occurrence of `key` starts: past the `:` and white space.
    private static func values(in raw: UnsafeRawBufferPointer, of key: String) -> [Int] {
        let needle = Array(key.utf8)
        guard raw.count >= needle.count, let first = needle.first else { return [] }
        var starts: [Int] = []
        var offset = 0
        while offset + needle.count <= raw.count {
            guard raw[offset] == first, rest(raw, from: offset, startsWith: key) else {
                offset += 1
                continue
            }
            offset += needle.count
            var index = offset
            while index < raw.count, [UInt8(ascii: ":"), 32, 9, 10, 13].contains(raw[index]) { index += 1 }
            starts.append(index)
        }
        return starts
    }

    /// Whether the bytes from `index` start with `text`, ignoring ASCII case.
    private static func rest(_ raw: UnsafeRawBufferPointer, from index: Int, startsWith text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard index + bytes.count <= raw.count else { return false }
        for (step, byte) in bytes.enumerated() where raw[index + step] | 0x20 != byte | 0x20 { return false }
        return true
    }
}
