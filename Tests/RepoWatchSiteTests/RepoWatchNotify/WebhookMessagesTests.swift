import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchNotify

/// Each platform's body, in the shape its documentation gives (Tests/Fixtures/webhooks/README.md), with
/// GitHub's text escaped for where it goes: no mass mention survives as one, no markup or link from a
/// description is taken for the site's own.
@Suite("Notifications: each format's message")
struct WebhookMessagesTests {
    static let site = URL(string: "https://me.github.io/watch/")!
    static let words = NotifyWords.english(siteTitle: "Repo Watcher", siteURL: site)
    static let hostile =
        "@everyone @here <!channel> <@U123> [click](https://evil.example) *bold* <script>alert(1)</script> & \u{1B}[31m"

    static func item(_ number: Int, title: String? = nil, summary: String? = nil) -> NotifyItem {
        NotifyItem(
            id: "tag:me.github.io,2026:repowatch/octocat/hello-world/release/v1.\(number)", kind: .release,
            repo: "octocat/hello-world", title: title ?? "octocat/Hello-World released v1.\(number)",
            summary: summary ?? "octocat/Hello-World published the release v1.\(number).",
            link: URL(string: "https://me.github.io/watch/repos/octocat/hello-world/")!,
            time: Date(timeIntervalSince1970: 1_795_000_000))
    }

    static func object(_ message: WebhookMessage) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: message.body) as? [String: Any])
    }

    func messages(_ format: NotifyTarget.Format, _ items: [NotifyItem], digest: Int = 5) -> [WebhookMessage] {
        WebhookMessages(format: format, digest: digest, words: Self.words).messages(items)
    }

    @Test(
        "one message an entry up to the digest, then one message for all; json always one",
        arguments: NotifyTarget.Format.allCases)
    func digest(_ format: NotifyTarget.Format) throws {
        let three = (1...3).map { Self.item($0) }
        #expect(messages(format, three).count == (format == .json ? 1 : 3))
        let twelve = (1...12).map { Self.item($0) }
        let digest = messages(format, twelve)
        #expect(digest.count == 1)
        #expect(digest.first?.entries == twelve.map(\.id))
        let text = String(decoding: try #require(digest.first).body, as: UTF8.self)
        for item in twelve { #expect(text.contains("v1.\(item.id.split(separator: ".").last ?? "")")) }
        if format != .json { #expect(text.contains("12 updates from Repo Watcher")) }
        try WebhookShapes.check(format, try Self.object(try #require(digest.first)))
    }

    @Test("every body has its platform's shape", arguments: NotifyTarget.Format.allCases)
    func shapes(_ format: NotifyTarget.Format) throws {
        for message in messages(format, [Self.item(1, summary: Self.hostile)]) {
            try WebhookShapes.check(format, try Self.object(message))
        }
    }

    @Test("Slack: blocks with mrkdwn escaped; no <!channel>, <@…> or @everyone survives")
    func slackEscapes() throws {
        let body = String(
            decoding: try #require(messages(.slack, [Self.item(1, title: "v1 <!here>", summary: Self.hostile)]).first)
                .body,
            as: UTF8.self)
        #expect(!body.contains("<!channel>") && !body.contains("<!here>") && !body.contains("<@U123>"))
        #expect(body.contains("&lt;!channel&gt;") && body.contains("&amp;"))
        #expect(!body.contains("@everyone") && body.contains("@\u{200B}everyone"))
        #expect(!body.contains("\u{1B}"))
        #expect(body.contains("<https://me.github.io/watch/repos/octocat/hello-world/|"))
    }

    @Test("Discord: embeds, no mention parsed, Markdown escaped, within 10 embeds and 6,000 characters")
    func discordLimits() throws {
        let long = String(repeating: "x", count: 9_000)
        for items in [[Self.item(1, title: long, summary: long)], (1...40).map { Self.item($0, title: long) }] {
            for message in messages(.discord, items) {
                let object = try Self.object(message)
                let mentions = try #require(object["allowed_mentions"] as? [String: Any])
                #expect((mentions["parse"] as? [Any])?.isEmpty == true)
                let embeds = try #require(object["embeds"] as? [[String: Any]])
                #expect(embeds.count <= 10)
                let total = embeds.reduce(0) { sum, embed in
                    sum + ((embed["title"] as? String)?.count ?? 0) + ((embed["description"] as? String)?.count ?? 0)
                        + (((embed["footer"] as? [String: Any])?["text"] as? String)?.count ?? 0)
                }
                #expect(total <= 6_000, "\(total)")
                for embed in embeds {
                    #expect(((embed["description"] as? String)?.count ?? 0) <= 4_096)
                    #expect(((embed["title"] as? String)?.count ?? 0) <= 256)
                }
            }
        }
        let body = String(
            decoding: try #require(messages(.discord, [Self.item(1, summary: Self.hostile)]).first).body, as: UTF8.self)
        #expect(!body.contains("@everyone") && !body.contains("@here"))
        #expect(body.contains(#"\\[click\\](https://evil.example)"#), "\(body)")
        #expect(body.contains(#"\\<@U123\\>"#))
    }

    @Test("Teams: an Adaptive Card in a message, its text escaped, its button the repository's page")
    func teamsCard() throws {
        let object = try Self.object(try #require(messages(.teams, [Self.item(1, summary: Self.hostile)]).first))
        let attachment = try #require((object["attachments"] as? [[String: Any]])?.first)
        let card = try #require(attachment["content"] as? [String: Any])
        let action = try #require((card["actions"] as? [[String: Any]])?.first)
        #expect(action["url"] as? String == "https://me.github.io/watch/repos/octocat/hello-world/")
        #expect(action["title"] as? String == "Open on Repo Watcher")
        let texts = (card["body"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }.joined()
        #expect(!texts.contains("@everyone") && texts.contains(#"\[click\]"#) && texts.contains(#"\<script"#))
    }

    @Test("json: the documented body, text as it is (JSON escapes it), links absolute")
    func json() throws {
        let object = try Self.object(try #require(messages(.json, [Self.item(1, summary: Self.hostile)]).first))
        #expect(object["schema"] as? Int == 1 && object["site"] as? String == "https://me.github.io/watch/")
        let entry = try #require((object["entries"] as? [[String: Any]])?.first)
        #expect(Set(entry.keys) == ["id", "category", "repo", "title", "summary", "link", "time"])
        #expect(entry["category"] as? String == "release" && entry["time"] as? String == "2026-11-18T11:06:40Z")
        #expect((entry["summary"] as? String)?.contains("<script>alert(1)</script>") == true)
        #expect((entry["summary"] as? String)?.contains("\u{1B}") == false)
    }
}

/// What each platform accepts, from its documentation (Tests/Fixtures/webhooks/README.md): the checks
/// the end-to-end receivers' bodies go through too.
enum WebhookShapes {
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    static func check(_ format: NotifyTarget.Format, _ object: [String: Any]) throws {
        func require(_ condition: Bool, _ what: String) throws {
            if !condition { throw Problem(description: "\(format): \(what): \(object)") }
        }
        switch format {
        case .slack:
            let blocks = object["blocks"] as? [[String: Any]] ?? []
            try require(object["text"] is String, "a text fallback")
            try require(!blocks.isEmpty && blocks.count <= 50, "1 to 50 blocks")
            for block in blocks {
                let type = block["type"] as? String
                try require(["section", "context", "header"].contains(type), "known block types")
                if type == "section" {
                    let text = block["text"] as? [String: Any]
                    try require(text?["type"] as? String == "mrkdwn", "section text in mrkdwn")
                    try require(((text?["text"] as? String)?.count ?? 3_001) <= 3_000, "section text ≤ 3,000")
                }
            }
        case .discord:
            let embeds = object["embeds"] as? [[String: Any]] ?? []
            try require(!embeds.isEmpty && embeds.count <= 10, "1 to 10 embeds")
            try require((object["allowed_mentions"] as? [String: Any])?["parse"] as? [Any] != nil, "allowed_mentions")
            for embed in embeds {
                try require(embed["title"] is String && embed["description"] is String, "title and description")
                try require((embed["url"] as? String)?.hasPrefix("http") == true, "an absolute url")
            }
        case .teams:
            try require(object["type"] as? String == "message", "type message")
            let attachments = object["attachments"] as? [[String: Any]] ?? []
            try require(attachments.count == 1, "one attachment")
            try require(
                attachments.first?["contentType"] as? String == "application/vnd.microsoft.card.adaptive",
                "an Adaptive Card")
            let card = attachments.first?["content"] as? [String: Any] ?? [:]
            try require(card["type"] as? String == "AdaptiveCard" && card["version"] is String, "card type, version")
            try require(!(card["body"] as? [Any] ?? []).isEmpty, "a body")
        case .json:
            try require(object["schema"] as? Int == 1 && object["site"] is String, "schema and site")
            let entries = object["entries"] as? [[String: Any]] ?? []
            try require(!entries.isEmpty, "entries")
            for entry in entries {
                try require(
                    Set(entry.keys) == ["id", "category", "repo", "title", "summary", "link", "time"], "entry keys")
            }
        }
    }
}
