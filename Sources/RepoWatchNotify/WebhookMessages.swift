import Foundation
import RepoWatchModel
import RepoWatchSupport

/// The messages one target gets for the entries due: one an entry, or, past the target's `digest`,
/// one listing them all; `json` always sends one body with every entry. Each in the platform's own
/// shape (docs/notifications.md shows them): Slack blocks, Discord embeds, a Teams Adaptive Card.
package struct WebhookMessages: Sendable {
    package let format: NotifyTarget.Format
    package let digest: Int
    package let words: NotifyWords

    package init(format: NotifyTarget.Format, digest: Int, words: NotifyWords) {
        self.format = format
        self.digest = digest
        self.words = words
    }

    /// Discord's limits for one message (its developer documentation, "Embed Limits").
    static let discordEmbeds = 10
    static let discordTotal = 6_000
    static let discordDescription = 4_096
    static let discordTitle = 256
    /// Slack's: a section's text, and the blocks of one message.
    static let slackSection = 3_000
    static let slackBlocks = 50
    /// A Teams card stays well under the 28 KB a message may carry: at most this many entries listed.
    static let teamsListed = 25

    package func messages(_ items: [NotifyItem]) -> [WebhookMessage] {
        guard !items.isEmpty else { return [] }
        if format == .json { return [message(items, json(items))] }
        if items.count > digest { return [message(items, digestBody(items))] }
        return items.map { message([$0], single($0)) }
    }

    private func message(_ items: [NotifyItem], _ object: [String: Any]) -> WebhookMessage {
        let body =
            (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data("{}".utf8)
        return WebhookMessage(entries: items.map(\.id), body: body)
    }

    private func single(_ item: NotifyItem) -> [String: Any] {
        switch format {
        case .slack: slack(item)
        case .discord: discord(item)
        case .teams: teams(item)
        case .json: json([item])
        }
    }

    private func digestBody(_ items: [NotifyItem]) -> [String: Any] {
        switch format {
        case .slack: slackDigest(items)
        case .discord: discordDigest(items)
        case .teams: teamsDigest(items)
        case .json: json(items)
        }
    }

    // MARK: Slack (Block Kit through an incoming webhook)

    private func slackLink(_ url: URL, _ text: String) -> String {
        "<\(Self.linkSafe(url))|\(WebhookText.slack(text))>"
    }

    private var slackFooter: [String: Any] {
        ["type": "context", "elements": [["type": "mrkdwn", "text": slackLink(words.siteURL, words.siteTitle)]]]
    }

    private func slack(_ item: NotifyItem) -> [String: Any] {
        let text = "*\(slackLink(item.link, item.title))*\n\(WebhookText.slack(item.summary))"
        return [
            "text": WebhookText.slack(item.title),
            "blocks": [
                ["type": "section", "text": ["type": "mrkdwn", "text": WebhookText.clipped(text, Self.slackSection)]],
                slackFooter,
            ],
            "unfurl_links": false, "unfurl_media": false,
        ]
    }

    private func slackDigest(_ items: [NotifyItem]) -> [String: Any] {
        let heading = WebhookText.plain(words.digestTitle(items.count))
        var blocks: [[String: Any]] = [
            ["type": "header", "text": ["type": "plain_text", "text": WebhookText.clipped(heading, 150)]]
        ]
        var section = ""
        var listed = 0
        // Room for the header, the footer and a last "and N more".
        let room = Self.slackBlocks - 3
        for item in items {
            let line = "• \(slackLink(item.link, item.title))"
            if section.count + line.count + 1 > Self.slackSection {
                guard blocks.count < room else { break }
                blocks.append(["type": "section", "text": ["type": "mrkdwn", "text": section]])
                section = ""
            }
            section += (section.isEmpty ? "" : "\n") + line
            listed += 1
        }
        if !section.isEmpty { blocks.append(["type": "section", "text": ["type": "mrkdwn", "text": section]]) }
        if listed < items.count {
            blocks.append(
                [
                    "type": "context",
                    "elements": [["type": "mrkdwn", "text": WebhookText.slack(words.more(items.count - listed))]],
                ])
        }
        blocks.append(slackFooter)
        return ["text": WebhookText.slack(heading), "blocks": blocks, "unfurl_links": false, "unfurl_media": false]
    }

    // MARK: Discord (execute webhook, embeds)

    /// No mention in the message pings anyone, whatever its text says.
    private static var noPings: [String: Any] { ["parse": [String]()] }

    private func discord(_ item: NotifyItem) -> [String: Any] {
        let footer = WebhookText.clipped(WebhookText.plain(words.siteTitle), 200)
        let title = WebhookText.clipped(WebhookText.markdown(item.title), Self.discordTitle)
        let room = Self.discordTotal - footer.count - title.count
        let embed: [String: Any] = [
            "title": title, "url": Self.linkSafe(item.link).absoluteString,
            "description": WebhookText.clipped(
                WebhookText.markdown(item.summary), min(Self.discordDescription, room)),
            "timestamp": Formatting.iso(item.time), "footer": ["text": footer],
        ]
        return ["embeds": [embed], "allowed_mentions": Self.noPings]
    }

    private func discordDigest(_ items: [NotifyItem]) -> [String: Any] {
        let footer = WebhookText.clipped(WebhookText.plain(words.siteTitle), 200)
        let title = WebhookText.clipped(WebhookText.markdown(words.digestTitle(items.count)), Self.discordTitle)
        // One embed holds the list: the whole message stays within 6,000 characters.
        let room = min(Self.discordDescription, Self.discordTotal - footer.count - title.count) - 40
        var description = ""
        var listed = 0
        for item in items {
            let name = WebhookText.clipped(WebhookText.markdown(item.title), 200)
            let line = "• [\(name)](\(Self.linkSafe(item.link).absoluteString))"
            guard description.count + line.count + 1 <= room else { break }
            description += (description.isEmpty ? "" : "\n") + line
            listed += 1
        }
        if listed < items.count { description += "\n" + WebhookText.markdown(words.more(items.count - listed)) }
        let embed: [String: Any] = [
            "title": title, "url": Self.linkSafe(words.siteURL).absoluteString, "description": description,
            "footer": ["text": footer],
        ]
        return ["embeds": [embed], "allowed_mentions": Self.noPings]
    }

    // MARK: Microsoft Teams (a Workflows webhook: a message with an Adaptive Card)

    private func card(body: [[String: Any]], link: URL) -> [String: Any] {
        let content: [String: Any] = [
            "$schema": "http://adaptivecards.io/schemas/adaptive-card.json", "type": "AdaptiveCard",
            "version": "1.4", "body": body,
            "actions": [
                [
                    "type": "Action.OpenUrl", "title": WebhookText.plain(words.open),
                    "url": Self.linkSafe(link).absoluteString,
                ]
            ],
        ]
        return [
            "type": "message",
            "attachments": [
                ["contentType": "application/vnd.microsoft.card.adaptive", "contentUrl": NSNull(), "content": content]
            ],
        ]
    }

    private func teams(_ item: NotifyItem) -> [String: Any] {
        card(
            body: [
                [
                    "type": "TextBlock", "text": WebhookText.markdown(item.title), "weight": "Bolder", "size": "Medium",
                    "wrap": true,
                ],
                ["type": "TextBlock", "text": WebhookText.markdown(item.summary), "wrap": true],
                [
                    "type": "TextBlock", "text": WebhookText.markdown(words.siteTitle), "isSubtle": true,
                    "size": "Small", "wrap": true,
                ],
            ], link: item.link)
    }

    private func teamsDigest(_ items: [NotifyItem]) -> [String: Any] {
        var body: [[String: Any]] = [
            [
                "type": "TextBlock", "text": WebhookText.markdown(words.digestTitle(items.count)), "weight": "Bolder",
                "size": "Medium", "wrap": true,
            ]
        ]
        for item in items.prefix(Self.teamsListed) {
            let line = "[\(WebhookText.markdown(item.title))](\(Self.linkSafe(item.link).absoluteString))"
            body.append(["type": "TextBlock", "text": line, "wrap": true, "spacing": "Small"])
        }
        if items.count > Self.teamsListed {
            body.append(
                [
                    "type": "TextBlock", "text": WebhookText.markdown(words.more(items.count - Self.teamsListed)),
                    "isSubtle": true, "wrap": true,
                ])
        }
        return card(body: body, link: words.siteURL)
    }

    // MARK: json (documented, for anything else)

    private func json(_ items: [NotifyItem]) -> [String: Any] {
        [
            "schema": 1, "site": words.siteURL.absoluteString,
            "entries": items.map { item -> [String: Any] in
                [
                    "id": item.id, "category": item.kind.rawValue, "repo": item.repo,
                    "title": WebhookText.plain(item.title), "summary": WebhookText.plain(item.summary),
                    "link": item.link.absoluteString, "time": Formatting.iso(item.time),
                ]
            },
        ]
    }

    /// A link inside markup: the characters that would end it (`|`, `>`, `)`, spaces) percent-encoded.
    static func linkSafe(_ url: URL) -> URL {
        let text = url.absoluteString
        var allowed = CharacterSet.urlQueryAllowed.union(.urlPathAllowed)
        allowed.remove(charactersIn: "|<>()[] \"'`")
        allowed.insert(charactersIn: "%#")
        guard let encoded = text.addingPercentEncoding(withAllowedCharacters: allowed), let safe = URL(string: encoded)
        else { return url }
        return safe
    }
}
