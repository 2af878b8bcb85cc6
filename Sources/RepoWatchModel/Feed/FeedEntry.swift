import Foundation
import RepoWatchSupport

/// One thing that changed, as the feeds tell it. Kept as rendered (title and summary in English) so an
/// entry restored from the published `feed.xml` is the same value as the one first written; `facts`
/// keeps what that text was made from, so a site in another language can tell it in its own words.
package struct FeedEntry: Codable, Sendable, Equatable {
    package enum Kind: String, Codable, Sendable, CaseIterable {
        case release, milestone, woke, archived, renamed, gone
    }

    /// Stable across builds: made once from the event (`FeedIDs`) and stored with it.
    package var id: String
    /// The repository as site.yml names it, lowercased: `owner/name`. The entry follows this name
    /// (like the history) when GitHub renames the repository.
    package var repo: String
    package var kind: Kind
    package var title: String
    package var summary: String
    /// When it happened: the release's date, the push's, else the build that saw it.
    package var updated: Date
    /// What `title` and `summary` say, as values. Absent from an entry written before the feeds spoke
    /// the site's language, and from one restored from `feed.xml`: those are written as stored.
    package var facts: FeedFacts?

    package init(
        id: String, repo: String, kind: Kind, title: String, summary: String, updated: Date, facts: FeedFacts? = nil
    ) {
        self.id = id
        self.repo = repo
        self.kind = kind
        self.title = title
        self.summary = summary
        self.updated = updated
        self.facts = facts
    }

    /// The repository's page, relative to the site root (`repos/owner/name/`).
    package var link: String { SiteLayout.reposFolder + "\(repo)/" }
}

/// The values an entry's text is made from; which ones are set depends on the kind.
package struct FeedFacts: Codable, Sendable, Equatable {
    /// The repository as GitHub names it now (site.yml's name when GitHub gave none).
    package var name: String
    /// The repository's description when the entry was made; the summary ends with it.
    package var about: String?
    /// release: the tag.
    package var tag: String?
    /// release: when it was published; woke: the push.
    package var date: Date?
    /// milestone: the milestone passed, and the stars then.
    package var milestone: Int?
    package var stars: Int?
    /// woke: the quiet days before the push.
    package var quietDays: Int?
    /// renamed: GitHub's old and new names.
    package var oldName: String?
    package var newName: String?
    /// renamed, gone: the name site.yml lists.
    package var configName: String?
    /// The forge the repository lives on, when not GitHub: what its activity date counts (GitLab's
    /// moves with any activity, Gitea's with any update, neither only with a push) is said in its words.
    package var forge: ForgeKind?
    /// The host of a repository on another forge (`codeberg.org`): the archived, renamed and gone
    /// entries say it where a GitHub repository's say GitHub.
    package var host: String?

    package init(name: String, about: String? = nil) {
        self.name = name
        self.about = about
    }
}

/// Entry ids. With a `base_url`, a tag URI (RFC 4151) on its host; without one, a name-based
/// `urn:uuid` from the same text, since there is no host to own the tag.
package struct FeedIDs: Sendable {
    package let host: String?

    package init(baseURL: URL?) {
        host = baseURL?.host?.lowercased()
    }

    /// `key` is `owner/name/kind/detail`; the detail is percent-encoded beyond `[A-Za-z0-9._~-]`
    /// (a release tag is the API's text).
    package func id(_ key: String) -> String {
        let text = "repowatch/" + key
        if let host { return "tag:\(host),2026:\(text)" }
        return "urn:uuid:" + Self.uuid(text)
    }

    package func feedID(_ path: String) -> String { id(path + "feed") }

    package static func segment(_ text: String) -> String {
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        allowed.insert(charactersIn: "._~-")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "-"
    }

    /// RFC 9562's version 8 (custom) layout over the first 16 bytes of the text's SHA-256.
    private static func uuid(_ text: String) -> String {
        var bytes = Array(SHA256.hash(Array(text.utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
            .joined()
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            String(hex.dropFirst(range.lowerBound).prefix(range.count))
        }
        return parts.joined(separator: "-")
    }
}
