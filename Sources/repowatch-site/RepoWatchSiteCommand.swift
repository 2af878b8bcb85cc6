import ArgumentParser
import Foundation
import RepoWatchSite

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
            RepoCommand.self,
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

    @OptionGroup var configOption: ConfigOption

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Where to write the site (default: public/ beside site.yml).", valueName: "dir"))
    var output: String?

    @Option(
        name: .customLong("api-url"),
        help: ArgumentHelp("GitHub API base URL; GitHub Enterprise is https://HOST/api/v3.", valueName: "url"))
    var apiURL: String?

    @Flag(help: "Use no network: build from the cache (marked stale); repositories missing from it are errors.")
    var offline = false

    @Flag(help: "Build from bundled sample data (no network, no token); the site says it shows sample data.")
    var sample = false

    @Option(name: .shortAndLong, help: ArgumentHelp("How many requests may run at once.", valueName: "n"))
    var jobs = 8

    @Option(
        name: .customLong("base-url"),
        help: ArgumentHelp(
            "The site's public URL, for the sitemap and absolute embed links (overrides site.yml's base_url).",
            valueName: "url"))
    var baseURL: String?

    @Option(
        name: .customLong("cache-dir"),
        help: ArgumentHelp(
            "Where responses, ETags and avatars are cached between builds (default: .repowatch/ beside site.yml).",
            valueName: "dir"))
    var cacheDir: String?

    @Option(help: ArgumentHelp("Seconds one request may take before it is retried.", valueName: "seconds"))
    var timeout: Double = 30

    @Option(
        name: .customLong("max-wait"),
        help: ArgumentHelp(
            "Longest wait, in seconds, for a rate limit to reset; past it the rest is built from the cache.",
            valueName: "seconds"))
    var maxWait: Double = 60

    @Option(help: ArgumentHelp("Attempts per request for connection errors, timeouts and 5xx.", valueName: "n"))
    var retries = 3

    @Flag(name: .shortAndLong, help: "Print every request and its status (never its headers or the token).")
    var verbose = false

    func validate() throws {
        if timeout <= 0 { throw ValidationError("--timeout must be more than 0 seconds") }
        if maxWait < 0 { throw ValidationError("--max-wait cannot be negative") }
        if retries < 1 || retries > 10 { throw ValidationError("--retries must be between 1 and 10") }
        if offline && sample { throw ValidationError("--offline and --sample cannot be used together") }
        if jobs < 1 || jobs > 64 { throw ValidationError("--jobs must be between 1 and 64") }
    }

    func run() async throws {
        var options = BuildOptions()
        options.configPath = configOption.config
        options.outputPath = output
        options.apiURL = apiURL
        options.offline = offline
        options.sample = sample
        options.jobs = jobs
        options.baseURL = baseURL
        options.cachePath = cacheDir
        options.timeout = timeout
        options.maxWait = maxWait
        options.retry = RetryPolicy(attempts: retries)
        options.verbose = verbose
        let result = try await runReportingErrors { try await Build(options: options, log: StandardErrorLog()).run() }
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
