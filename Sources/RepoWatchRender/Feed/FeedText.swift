import Foundation
import RepoWatchModel
import RepoWatchSupport

/// An entry's title and summary in the site's language, told again from the facts it keeps (the
/// `feed_*` keys of the string table), so a feed reads like the pages it belongs to. An entry
/// without facts (from an older `feed.json`, or restored from a published `feed.xml`) is written
/// as stored: its words are all there is.
package struct FeedText: Sendable {
    let strings: StringTable

    package init(strings: StringTable) {
        self.strings = strings
    }

    /// English tables keep the app's own formats ("1,000", "21 Nov 2026") whatever the region, so an
    /// English feed is the text `FeedEvents` stored, byte for byte, and a reader sees no entry change.
    private var english: Bool { strings.name == "en" }

    package func entry(_ entry: FeedEntry) -> FeedEntry {
        guard let facts = entry.facts else { return entry }
        var told = entry
        let (title, summary) = texts(entry.kind, facts)
        told.title = title
        told.summary = summary + (facts.about.map { "\n\n" + $0 } ?? "")
        return told
    }

    func entries(_ entries: [FeedEntry]) -> [FeedEntry] { entries.map(entry) }

    private func texts(_ kind: FeedEntry.Kind, _ facts: FeedFacts) -> (String, String) {
        let name = ["name": facts.name]
        switch kind {
        case .release:
            let values = name.merging(["tag": facts.tag ?? ""]) { $1 }
            let summary =
                facts.date.map { strings.text("feed_release_summary", values.merging(["date": day($0)]) { $1 }) }
                ?? strings.text("feed_release_summary_undated", values)
            return (strings.text("feed_release_title", values), summary)
        case .milestone:
            let top = facts.milestone ?? 0
            let stars = facts.stars ?? top
            return (
                strings.plural("feed_milestone_title", count: top, display: number(top), name),
                strings.plural("feed_milestone_summary", count: stars, display: number(stars), name)
            )
        case .woke:
            let quiet = facts.quietDays ?? 0
            let values = name.merging(["date": facts.date.map(day) ?? ""]) { $1 }
            // What the forge's date counts: a push on GitHub, any activity on GitLab, any update on Gitea.
            let summary =
                switch facts.forge ?? .github {
                case .github: "feed_woke_summary"
                case .gitlab: "feed_woke_summary_activity"
                case .gitea, .forgejo: "feed_woke_summary_updated"
                }
            return (
                strings.text("feed_woke_title", name),
                strings.plural(summary, count: quiet, display: days(quiet), values)
            )
        case .archived:
            let values = name.merging(["host": facts.host ?? ""]) { $1 }
            return (
                strings.text("feed_archived_title", name), strings.text(onForge("feed_archived_summary", facts), values)
            )
        case .renamed:
            let values = [
                "old": facts.oldName ?? facts.name, "new": facts.newName ?? facts.name,
                "config": facts.configName ?? facts.name, "host": facts.host ?? "",
            ]
            return (
                strings.text("feed_renamed_title", values), strings.text(onForge("feed_renamed_summary", facts), values)
            )
        case .gone:
            let values = name.merging(["config": facts.configName ?? facts.name, "host": facts.host ?? ""]) { $1 }
            return (
                strings.text(onForge("feed_gone_title", facts), values),
                strings.text(onForge("feed_gone_summary", facts), values)
            )
        }
    }

    /// The key that names the repository's forge by its host where the repository is not GitHub's.
    private func onForge(_ key: String, _ facts: FeedFacts) -> String { facts.host == nil ? key : key + "_forge" }

    private func number(_ value: Int) -> String {
        english ? Formatting.grouped(value) : strings.formatter.grouped(value)
    }

    /// English has always written the quiet days ungrouped ("after 1200 quiet days").
    private func days(_ value: Int) -> String { english ? String(value) : strings.formatter.grouped(value) }

    private func day(_ date: Date) -> String { english ? Formatting.day(date) : strings.formatter.day(date) }
}
