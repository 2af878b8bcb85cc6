import ArgumentParser
import Foundation
import RepoWatchConfig
import RepoWatchSite
import RepoWatchSupport

struct RepoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repo",
        abstract: "List, add or remove the repositories saved in site.yml.",
        discussion: """
            Edits the `repos:` list of site.yml in place: comments, order and every other line stay as they \
            are.
            """,
        subcommands: [List.self, Add.self, Remove.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the saved repositories, one a line.")

        @OptionGroup var configOption: ConfigOption

        func run() async throws {
            let repos = try await runReportingErrors(config: configOption.config) {
                try SiteFileEditor(path: configOption.config).list()
            }
            for repo in repos { print(repo) }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Save a repository at the end of `repos:`, with a widget for it when the site lists its own.",
            discussion: """
                A name is checked against its forge's rules before it is saved. On GitHub, OWNER/NAME: an owner \
                of letters, digits, '_' and single hyphens (at most 39), a name of letters, digits, '.', '_' and \
                '-' (at most 100, no '..'). On another forge, HOST/PATH: a host the site knows (gitlab.com, \
                codeberg.org, or one declared under `forges:`), then parts of letters, digits, '.', '_' and '-', \
                none starting with '-' or '.' and none holding '..': GROUP/PROJECT with any subgroups between on \
                GitLab, exactly OWNER/REPO on Gitea and Forgejo. One already saved (in any case) is refused. A name \
                as copied from GitHub (https://github.com/OWNER/NAME, git@github.com:OWNER/NAME.git, \
                OWNER/NAME.git) is saved as OWNER/NAME; one copied from another forge \
                (https://gitlab.com/GROUP/PROJECT/-/tree/main, https://codeberg.org/OWNER/REPO/releases) as \
                HOST/PATH, cut where that host's software ends a project's path (a GitLab group may have \
                subgroups, a Gitea or Forgejo repository has none), so declare a self-managed host under \
                `forges:` before adding its projects. A site without a `widgets:` list shows every saved \
                repository. A site with its own `widgets:` list (as `init` writes) shows only the widgets \
                listed there, so `repo add` also adds a single widget for the repository at the end of that \
                list (for a repository saved before and shown by no widget, only the widget); --no-widget \
                saves the repository alone, and warns that the site will not show it.
                """)

        @OptionGroup var configOption: ConfigOption

        @Flag(
            inversion: .prefixedNo,
            help: "Add a single widget for it when the site's `widgets:` list would not show it (the default).")
        var widget = true

        @OptionGroup var quietOption: QuietOption

        @Argument(
            help: ArgumentHelp(
                "The repository to add: OWNER/NAME on GitHub, HOST/PATH on another forge, or its address as copied.",
                valueName: "owner/name"))
        var name: String

        func run() async throws {
            let config = configOption.config
            let addition = try await runReportingErrors(config: config) {
                try SiteFileEditor(path: config).add(name, widget: widget)
            }
            if let hidden = addition.hidden { reporter(config: config, log: quietOption.log).report([hidden]) }
            switch (addition.saved, addition.widgetAdded) {
            case (true, true): quietOption.say("Added \(addition.name) to \(config), with a single widget for it.")
            case (false, _): quietOption.say("Added a single widget for \(addition.name) to \(config).")
            case (true, false): quietOption.say("Added \(addition.name) to \(config).")
            }
        }
    }

    /// The saved names starting with `prefix`, for the shell's completion of `repo remove`: from the
    /// site.yml that `--config` (or `-c`) names on the line so far, else site.yml here; none when it
    /// cannot be read.
    static func savedNames(words: [String], prefix: String) -> [String] {
        var config = "site.yml"
        for (index, word) in words.enumerated() where index + 1 < words.count && (word == "--config" || word == "-c") {
            config = words[index + 1]
        }
        if let given = words.first(where: { $0.hasPrefix("--config=") }) { config = String(given.dropFirst(9)) }
        let saved = (try? SiteFileEditor(path: config).list()) ?? []
        return saved.map(\.description).filter { $0.lowercased().hasPrefix(prefix.lowercased()) }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove a repository from `repos:`, and every widget that shows it.",
            discussion: """
                On a site with its own `widgets:` list, every widget showing the repository goes with it, by \
                name or by default (a widget without `repo:` shows the first repository): a double widget \
                goes whole, and a repository it also showed that no other widget shows is named. When no \
                widget is left, `widgets:` goes too and each repository gets its default widgets. What was \
                removed is printed. The last repository cannot be removed.
                """)

        @OptionGroup var configOption: ConfigOption

        @Argument(
            help: ArgumentHelp("The repository to remove.", valueName: "owner/name"),
            completion: .custom { words, _, prefix in RepoCommand.savedNames(words: words, prefix: prefix) })
        var name: String

        @OptionGroup var quietOption: QuietOption

        func run() async throws {
            let config = configOption.config
            let removed = try await runReportingErrors(config: config) {
                try SiteFileEditor(path: config).remove(name, widgets: true)
            }
            if removed.widgets.isEmpty {
                quietOption.say("Removed \(removed.name) from \(config).")
            } else {
                let widgets =
                    removed.widgets.count == 1
                    ? removed.widgets[0]
                    : removed.widgets.dropLast().joined(separator: ", ") + " and " + removed.widgets.last!
                quietOption.say("Removed \(removed.name) from \(config), and \(widgets).")
            }
            for partner in removed.unshown {
                quietOption.log.warning(
                    "no widget shows \(partner) any more; `repowatch-site repo add \(partner)` adds one")
            }
        }
    }
}
