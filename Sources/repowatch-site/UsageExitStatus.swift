import ArgumentParser
import Foundation
import RepoWatchSupport

extension RepoWatchSiteCommand {
    /// ArgumentParser exits 64 (EX_USAGE) for a bad flag or value; docs/cli.md promises 2 for every
    /// usage error, as for configuration errors.
    static func main() async {
        InheritedSignals.unblock()
        if let unknown = UnknownCommand.message(for: Array(CommandLine.arguments.dropFirst()), root: Self.self) {
            writeUsageProblem(unknown)
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
                writeUsageProblem(fullMessage(for: error))
                Foundation.exit(2)
            }
            // A system error that escaped a command is said in words, not as "Error Domain=… Code=…".
            if error is CocoaError || error is URLError || error is POSIXError || type(of: error) is NSError.Type {
                StandardErrorLog().error(ErrorText.describe(error))
                Foundation.exit(1)
            }
            // As ArgumentParser's `exit(withError:)` does, through `Console`: a failed step's reason
            // may quote GitHub's answer or site.yml.
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code.isSuccess {
                if !message.isEmpty { Console.write(message, to: .standardOutput) }
            } else if !message.isEmpty {
                writeUsageProblem(message)
            }
            Foundation.exit(code.rawValue)
        }
    }

    /// ArgumentParser begins its messages with "Error: "; every other message of the tool with
    /// "error: ", as compilers do (coloured on a terminal like the others).
    static func writeUsageProblem(_ message: String) {
        if message.hasPrefix("Error: ") {
            StandardErrorLog().error(String(message.dropFirst("Error: ".count)))
        } else {
            Console.write(message, to: .standardError)
        }
    }
}
