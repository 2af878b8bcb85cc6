import ArgumentParser
import Foundation
import RepoWatchSupport

extension RepoWatchSiteCommand {
    /// ArgumentParser exits 64 (EX_USAGE) for a bad flag or value; DESIGN.md promises 2 for every
    /// usage error, as for configuration errors.
    static func main() async {
        InheritedSignals.unblock()
        if let unknown = UnknownCommand.message(for: Array(CommandLine.arguments.dropFirst()), root: Self.self) {
            Console.write(unknown, to: .standardError)
            Foundation.exit(2)
        }
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error).rawValue == ExitCode.validationFailure.rawValue {
                Console.write(fullMessage(for: error), to: .standardError)
                Foundation.exit(2)
            }
            // As ArgumentParser's `exit(withError:)` does, through `Console`: a failed step's reason
            // may quote GitHub's answer or site.yml.
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty { Console.write(message, to: code.isSuccess ? .standardOutput : .standardError) }
            Foundation.exit(code.rawValue)
        }
    }
}
