import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel

/// docs/configuration.md and the loader name the same keys: a key the loader accepts is documented
/// (type, default, allowed values, where, an example), and a documented key is one the loader accepts.
@Suite("docs/configuration.md documents exactly the keys the loader knows")
struct ConfigurationDocTests {
    static let page = "docs/configuration.md"

    /// One level of site.yml: the loader's list and the page's section for it.
    struct Level {
        let section: String
        let accepted: Set<String>
        let list: String
        let example: String
        /// The `where` row a new key of this level starts from.
        let applies: String
    }

    static let levels = [
        Level(
            section: "## Site-wide keys", accepted: SiteConfigReader.siteKeys,
            list: "SiteConfigReader.siteKeys in Sources/RepoWatchConfig/ConfigLoader.swift", example: "KEY: VALUE",
            applies: "site-wide (or: site-wide and per widget)"),
        Level(
            section: "## Widget keys", accepted: SiteConfigReader.widgetKeys,
            list: "SiteConfigReader.widgetKeys in Sources/RepoWatchConfig/ConfigLoader.swift", example: "- KEY: VALUE",
            applies: "per widget"),
        Level(
            section: "## Owner keys", accepted: SiteConfigReader.ownerKeys,
            list: "SiteConfigReader.ownerKeys in Sources/RepoWatchConfig/OwnerSourceParser.swift",
            example: "- owner: apple\n  KEY: VALUE", applies: "per owner"),
        Level(
            section: "## Notify keys", accepted: SiteConfigReader.notifyKeys,
            list: "SiteConfigReader.notifyKeys in Sources/RepoWatchConfig/NotifyParser.swift",
            example: "- format: slack\n  url_env: SLACK_WEBHOOK_URL\n  KEY: VALUE",
            applies: "per notify target"),
        Level(
            section: "## Forge keys", accepted: SiteConfigReader.forgeKeys,
            list: "SiteConfigReader.forgeKeys in Sources/RepoWatchConfig/ForgeParser.swift",
            example: "- host: gitlab.example.com\n  kind: gitlab\n  KEY: VALUE", applies: "per forge"),
    ]

    /// `### `key`` headings of the page, by `## ` section, each with the text up to the next heading.
    static func sections() throws -> [String: [String: String]] {
        let text = try String(
            contentsOf: E2EPaths.packageRoot.appendingPathComponent(page), encoding: .utf8)
        var sections: [String: [String: String]] = [:]
        var section = ""
        var keys: [String] = []
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("## ") {
                section = line
                keys = []
                sections[section, default: [:]] = [:]
            } else if line.hasPrefix("### ") {
                keys = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                    .filter { $0.offset % 2 == 1 }.map { String($0.element) }
                for key in keys { sections[section, default: [:]][key] = "" }
            } else {
                for key in keys { sections[section, default: [:]][key, default: ""] += line + "\n" }
            }
        }
        return sections
    }

    /// What to paste into the page for `key`, so a failure says exactly what to add where.
    static func template(_ key: String, _ level: Level) -> String {
        """
        ### `\(key)`

        What it does, in a sentence or two.

        | | |
        |---|---|
        | type | … |
        | default | … |
        | allowed | … |
        | where | \(level.applies) |

        ```yaml
        \(level.example.replacingOccurrences(of: "KEY", with: key))
        ```
        """
    }

    @Test("every key the loader accepts has a section, and every section is a key the loader accepts")
    func sameKeys() throws {
        let sections = try Self.sections()
        let site = sections["## Site-wide keys"] ?? [:]
        // A site-wide key documented "site-wide and per widget" is documented for widgets too.
        let perWidget = Set(site.filter { $0.value.contains("| where | site-wide and per widget |") }.keys)
        for level in Self.levels {
            let documented = Set((sections[level.section] ?? [:]).keys)
            let covered = level.section == "## Widget keys" ? documented.union(perWidget) : documented
            for key in level.accepted.subtracting(covered).sorted() {
                Issue.record(
                    """
                    site.yml key `\(key)` is accepted by the loader (\(level.list)) but \(Self.page) does not \
                    document it. Add this under "\(level.section)" in \(Self.page), filled in:

                    \(Self.template(key, level))
                    """)
            }
            for key in documented.subtracting(level.accepted).sorted() {
                Issue.record(
                    """
                    \(Self.page) documents `\(key)` under "\(level.section)", but the loader does not accept it \
                    (\(level.list)): remove that section, or add the key to the loader.
                    """)
            }
        }
        #expect(Set(site.keys).isSuperset(of: ["title", "repos", "owners", "widgets", "locale"]), "the page parsed")
    }

    @Test("each key's section gives its type, default, allowed values, where, and a YAML example")
    func completeSections() throws {
        for (section, keys) in try Self.sections() where Self.levels.contains(where: { $0.section == section }) {
            for (key, text) in keys {
                for row in ["| type |", "| default |", "| allowed |", "| where |"] where !text.contains(row) {
                    Issue.record("\(Self.page): `\(key)` (\(section)) has no `\(row) … |` row in its table")
                }
                if !text.contains("```yaml\n") || !text.contains(key + ":") {
                    Issue.record("\(Self.page): `\(key)` (\(section)) needs a ```yaml example that sets `\(key):`")
                }
            }
        }
    }

    @Test("every YAML example on the page loads without an error or a warning")
    func examplesLoad() throws {
        let text = try String(
            contentsOf: E2EPaths.packageRoot.appendingPathComponent(Self.page), encoding: .utf8)
        let blocks = text.components(separatedBy: "```yaml\n").dropFirst().map {
            $0.components(separatedBy: "```").first ?? ""
        }
        #expect(
            blocks.count > SiteConfigReader.siteKeys.count + SiteConfigReader.ownerKeys.count, "one example per key")
        let repos = "repos:\n  - apple/swift\n  - kudoleh/iOS-Clean-Architecture-MVVM\n"
        for block in blocks {
            // A widget's or an owner's example is an entry of its list; the others are top-level keys.
            let indented = block.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n"
            let site: String
            if block.hasPrefix("- owner:") {
                site = repos + "owners:\n" + indented
            } else if block.hasPrefix("- format:") {
                site = repos + "notify:\n" + indented
            } else if block.hasPrefix("- host:") {
                site = repos + "forges:\n" + indented
            } else if block.hasPrefix("- ") {
                site = repos + "widgets:\n" + indented
            } else {
                site = (block.contains("\nrepos:") || block.hasPrefix("repos:") ? "" : repos) + block
            }
            do {
                let loaded = try ConfigLoader(file: "site.yml").parse(site)
                #expect(loaded.warnings.isEmpty, "\(loaded.warnings) in the example:\n\(block)")
            } catch {
                Issue.record("\(Self.page): this example does not load: \(error)\n\(block)")
            }
        }
    }
}
