import Foundation

/// One `notify:` entry of site.yml: where a kind of news goes, and which. The webhook URL itself is
/// never here: site.yml is committed, the URL is a secret, so the entry names the environment
/// variable that holds it.
package struct NotifyTarget: Sendable, Equatable {
    package enum Format: String, Sendable, CaseIterable {
        case slack, discord, teams, json
    }

    package var format: Format
    /// The environment variable holding the webhook URL (`SLACK_WEBHOOK_URL`).
    package var urlEnv: String
    /// The kinds of entry sent; `release`, `milestone` and `woke` unless site.yml says.
    package var events: [FeedEntry.Kind]
    /// Only these repositories (keys: `owner/name`, lowercased); nil: every one.
    package var repos: [String]?
    /// Whether a release whose tag reads as a prerelease (`v2.0.0-rc.1`) is sent.
    package var prereleases: Bool
    /// Past this many entries in one run, one message lists them all.
    package var digest: Int
    /// Where site.yml declares the target, for messages that point at it.
    package var line: Int
    package var column: Int

    package static let defaultEvents: [FeedEntry.Kind] = [.release, .milestone, .woke]
    package static let defaultDigest = 5

    package init(
        format: Format, urlEnv: String, events: [FeedEntry.Kind] = NotifyTarget.defaultEvents, repos: [String]? = nil,
        prereleases: Bool = false, digest: Int = NotifyTarget.defaultDigest, line: Int = 1, column: Int = 1
    ) {
        self.format = format
        self.urlEnv = urlEnv
        self.events = events
        self.repos = repos
        self.prereleases = prereleases
        self.digest = digest
        self.line = line
        self.column = column
    }

    /// The target's name in the queue and in messages: its format and the variable's name, never the URL.
    package var id: String { "\(format.rawValue):\(urlEnv)" }

    /// Whether this target is sent `entry`.
    package func wants(_ entry: FeedEntry) -> Bool {
        guard events.contains(entry.kind) else { return false }
        if let repos, !repos.contains(entry.repo) { return false }
        if entry.kind == .release, !prereleases, let tag = entry.facts?.tag, Self.isPrerelease(tag) { return false }
        return true
    }

    /// GitHub's latest release is never one marked prerelease; a tag can still say it is one: a word
    /// after the version's first digit that starts like a prerelease's (`1.2.0-beta.2`, `v2rc1`,
    /// `5.4.0-preview1`, `1.0b2`), where `swift-6.0-RELEASE` or a date (`2026-11-28`) is none.
    static func isPrerelease(_ tag: String) -> Bool {
        let lower = tag.lowercased()
        guard let first = lower.firstIndex(where: \.isNumber) else { return false }
        let words = lower[first...].split(whereSeparator: { !$0.isLetter })
        let starts = ["alpha", "beta", "rc", "pre", "dev", "nightly", "canary", "snapshot", "milestone"]
        return words.contains { word in word == "a" || word == "b" || starts.contains { word.hasPrefix($0) } }
    }
}

/// Which webhook URLs are accepted: https anywhere, http only on this machine (a local receiver).
package enum WebhookAddress {
    package static func check(_ text: String) -> URL? {
        guard let url = URL(string: text.trimmingCharacters(in: .whitespacesAndNewlines)),
            let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty
        else { return nil }
        if scheme == "https" { return url }
        if scheme == "http", isLoopback(host) { return url }
        return nil
    }

    /// A URL written where a variable's name belongs.
    package static func looksLikeURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.contains("://") || lower.hasPrefix("hooks.") || lower.contains("/")
    }

    package static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if bare == "localhost" || bare == "::1" { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
