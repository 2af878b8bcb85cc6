import ArgumentParser
import Foundation
import RepoWatchSupport

extension RepoWatchSiteCommand {
    /// ArgumentParser exits 64 (EX_USAGE) for a bad flag or value; DESIGN.md promises 2 for every
    /// usage error, as for configuration errors.
    static func main() async {
        InheritedSignals.unblock()
        if let unknown = UnknownCommand.message(for: Array(CommandLine.arguments.dropFirst()), root: Self.self) {
            FileHandle.standardError.write(Data((unknown + "\n").utf8))
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
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
