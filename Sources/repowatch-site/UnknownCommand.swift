import ArgumentParser
import RepoWatchSupport

/// A mistyped command (`repowatch-site biuld`, `repo lst`). ArgumentParser suggests the closest
/// option for an unknown `--flag`, but for a word where a subcommand belongs it only says
/// "Unexpected argument"; this names the command it most likely meant.
enum UnknownCommand {
    /// The error for the first word that names no subcommand where one belongs; nil when there is none.
    static func message<Root: ParsableCommand>(for arguments: [String], root: Root.Type) -> String? {
        var command: any ParsableCommand.Type = root
        var path = [root._commandName]
        for word in arguments {
            // Options are ArgumentParser's to check; past a command without subcommands, words are its own.
            let subcommands = command.configuration.subcommands
            if word.hasPrefix("-") || subcommands.isEmpty { return nil }
            // `help COMMAND` names a command too: `help biuld` is as wrong as `biuld`.
            if path.count == 1 && word == "help" { continue }
            if let next = subcommands.first(where: { names(of: $0).contains(word) }) {
                command = next
                path.append(next._commandName)
                continue
            }
            let shown = subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName }
            let hint =
                Suggestion.closest(to: word, among: shown).map { " Did you mean '\($0)'?" }
                ?? " The commands are: \(shown.joined(separator: ", "))."
            let usage = root.usageString(for: command)
            let name = path.joined(separator: " ")
            return "Error: Unknown command '\(word)'.\(hint)\nUsage: \(usage)\n"
                + "  See '\(name) --help' for more information."
        }
        return nil
    }

    private static func names(of command: any ParsableCommand.Type) -> [String] {
        [command._commandName] + command.configuration.aliases
    }
}
