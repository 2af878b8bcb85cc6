import ArgumentParser
import Foundation
import RepoWatchModel
import RepoWatchSite
import RepoWatchSupport

@main
struct RepoWatchSiteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repowatch-site",
        abstract: "Build a static gallery of GitHub repository widgets from site.yml.",
        discussion: """
            Reads the repositories listed in site.yml, fetches their stars, forks, open issues, last push and \
            top contributors from the GitHub REST API, and writes medium, large and double widgets into public/.

            Quick start:
              repowatch-site build --sample     # a gallery from sample data, no network needed
              repowatch-site build              # real data (set GITHUB_TOKEN for a higher rate limit)
            """,
        version: Version.current,
        subcommands: [
            BuildCommand.self, CheckCommand.self, ServeCommand.self, PublishCommand.self, InitCommand.self,
            RepoCommand.self, CacheCommand.self,
        ],
        defaultSubcommand: nil
    )
}

/// Options shared by commands that read site.yml.
struct ConfigOption: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("The site configuration to read.", valueName: "path"))
    var config = "site.yml"
}

struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Fetch every repository in site.yml and write the site into public/.",
        discussion: """
            The token comes from GITHUB_TOKEN (else GH_TOKEN) and is sent only to the API origin. The API is \
            --api-url, else GITHUB_API_URL, else https://api.github.com.

            The new site is written beside the output folder and swapped in at the end, so a failed or \
            interrupted build leaves the previous one untouched. A repository that cannot be fetched now \
            but was built before keeps its last good data, marked stale.

            Exit status: 0 when every widget has data; 1 when a repository has none (the rest of the site \
            is still written); 2 for usage or configuration errors (nothing written).
            """)

    @OptionGroup var arguments: BuildArguments

    func run() async throws {
        let result = try await runReportingErrors {
            try await Build(options: arguments.options, log: StandardErrorLog()).run()
        }
        if result.exitCode != 0 { throw ExitCode(result.exitCode) }
    }
}

struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate site.yml and the templates without using the network.")

    @OptionGroup var configOption: ConfigOption

    func run() async throws {
        try await runReportingErrors {
            let report = try Check(configPath: configOption.config).run()
            print(report)
        }
    }
}

/// Prints configuration and usage problems the way compilers do and exits 2, as DESIGN.md promises.
func runReportingErrors<T>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as DiagnosticsError {
        for diagnostic in error.diagnostics {
            FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
        }
        throw ExitCode(2)
    } catch let error as UsageError {
        FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
        throw ExitCode(2)
    }
}
