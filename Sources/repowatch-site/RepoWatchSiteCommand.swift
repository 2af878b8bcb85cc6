import ArgumentParser
import Foundation
import RepoWatchModel
import RepoWatchScaffold
import RepoWatchSite
import RepoWatchSupport

@main
struct RepoWatchSiteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repowatch-site",
        abstract: "Build a static gallery of repository widgets (GitHub, GitLab, Gitea, Forgejo) from site.yml.",
        discussion: """
            Reads the repositories listed in site.yml, fetches their stars, forks, open issues, last push (or \
            last activity or update, as their forge counts it) and top contributors from the REST API of \
            GitHub or of the forge each lives on (gitlab.com, codeberg.org, or a host declared under \
            `forges:`), and writes medium, large and double widgets into public/.

            Quick start:
              repowatch-site build --sample   # sample data, no network needed
              repowatch-site build            # real data (GITHUB_TOKEN and others)
            """,
        version: Version.current,
        subcommands: [
            BuildCommand.self, CheckCommand.self, ServeCommand.self, PublishCommand.self, InitCommand.self,
            RepoCommand.self, CacheCommand.self, TemplatesCommand.self, NotifyCommand.self, GenerateDocsCommand.self,
        ],
        defaultSubcommand: nil
    )
}

/// Options shared by commands that read site.yml.
struct ConfigOption: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("The site configuration to read.", valueName: "path"))
    var config = "site.yml"
}

/// `build --strict` and `check --strict`, from one definition.
struct StrictOption: ParsableArguments {
    @Flag(
        help: """
            Treat warnings about site.yml and the templates as errors: exit 2, write nothing. Warnings about \
            the answers of GitHub and the other forges stay warnings.
            """)
    var strict = false
}

struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Fetch every repository in site.yml and write the site into public/.",
        discussion: """
            The token comes from GITHUB_TOKEN (else GH_TOKEN) and is sent only to the API origin. The API is \
            --api-url, else GITHUB_API_URL, else https://api.github.com. A project on another forge (HOST/PATH) \
            is read from that forge's API with that host's own token, sent only there: GITLAB_TOKEN for \
            gitlab.com, CODEBERG_TOKEN for codeberg.org, the `token_env` of a host declared under `forges:` \
            (docs/forges.md).

            The new site is written beside the output folder and swapped in at the end, so a failed or \
            interrupted build leaves the previous one untouched. A repository that cannot be fetched now \
            but was built before keeps its last good data, marked stale.

            Under GitHub Actions (GITHUB_ACTIONS=true) each warning and error about site.yml or a template is \
            also an annotation on its line, and a Markdown summary of the build is appended to \
            $GITHUB_STEP_SUMMARY.

            Exit status: 0 when every widget has data; 1 when a repository has none (the rest of the site \
            is still written); 2 for usage or configuration errors (nothing written).
            """)

    @OptionGroup var arguments: BuildArguments
    @OptionGroup var strictOption: StrictOption
    @OptionGroup var resultOption: ResultOption

    func run() async throws {
        resultOption.begin()
        let configPath = arguments.configOption.config
        let result = try await runReportingErrors(config: configPath, result: (resultOption, "build")) {
            var options = try arguments.options
            options.strict = strictOption.strict
            return try await Build(options: options, log: resultOption.log).run()
        }
        if resultOption.json { Console.write(ResultDocument.build(result), to: .standardOutput, actions: false) }
        if result.exitCode != 0 { throw ExitCode(result.exitCode) }
    }
}

struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate site.yml and the templates without using the network.",
        discussion: """
            Reports every error and warning at once, as FILE:LINE:COL on stderr, and a one-line summary on \
            stdout. Exit status: 0 when the site can be built; 2 when it cannot (with --strict, also when \
            there are warnings).
            """)

    @OptionGroup var configOption: ConfigOption
    @OptionGroup var strictOption: StrictOption
    @OptionGroup var resultOption: ResultOption

    func run() async throws {
        resultOption.begin()
        let config = configOption.config
        try await runReportingErrors(config: config, result: (resultOption, "check")) {
            var check = Check(configPath: config, strict: strictOption.strict)
            // Named as the user would type it: beside site.yml as given.
            let folder = (config as NSString).deletingLastPathComponent
            let file = folder.isEmpty ? PagesWorkflow.path : folder + "/" + PagesWorkflow.path
            check.moreWarnings = { site, directory in
                let workflow = directory.appendingPathComponent(PagesWorkflow.path)
                guard let text = try? String(contentsOf: workflow, encoding: .utf8) else { return [] }
                return PagesWorkflow.scheduleDrift(workflow: text, file: file, refresh: site.refresh).map { [$0] } ?? []
            }
            let report = try check.run()
            reporter(config: config, log: resultOption.log).report(report.warnings)
            if resultOption.json {
                Console.write(
                    ResultDocument.check(summary: report.summary, warnings: report.warnings), to: .standardOutput,
                    actions: false)
            } else if !resultOption.quiet {
                Console.write(report.summary, to: .standardOutput)
            }
        }
    }
}

/// `--json` and `--quiet`, for `build` and `check`.
struct ResultOption: ParsableArguments {
    @Flag(
        help: """
            Print the result as one JSON document on standard output (nothing else goes there; the schema is \
            in docs/cli.md). Messages still go to standard error.
            """)
    var json = false

    @Flag(name: .shortAndLong, help: "Print errors only: no progress, summary or warnings on standard error.")
    var quiet = false

    /// Where messages go: everything, or errors only.
    var log: any BuildLog { quiet ? QuietLog(StandardErrorLog()) : StandardErrorLog() }

    /// Called before the command writes anything.
    func begin() { if json { StandardOutput.reserveForDocument() } }
}

/// `--quiet` for the commands that say what they did (`init`, `repo add`, `publish`, …): errors only.
struct QuietOption: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Print errors only: nothing when it succeeds, no warnings.")
    var quiet = false

    /// A line about what was done, on standard output unless `--quiet`.
    func say(_ line: String) { if !quiet { Console.write(line, to: .standardOutput) } }

    var log: any BuildLog { quiet ? QuietLog(StandardErrorLog()) : StandardErrorLog() }
}

/// Diagnostics on stderr and, under GitHub Actions, as annotations.
func reporter(config: String, log: any BuildLog = StandardErrorLog()) -> DiagnosticReporter {
    DiagnosticReporter(log: log, environment: ProcessInfo.processInfo.environment, configPath: config)
}

/// Prints configuration and usage problems the way compilers do and exits 2, as the docs promise.
/// - Parameters:
///   - config: the configuration the command reads, which the diagnostics' files are beside.
///   - result: with `--json`, a failure is also a JSON document on stdout (`command` names it);
///     with `--quiet`, warnings are not printed.
func runReportingErrors<T>(
    config: String = "site.yml", result: (option: ResultOption, command: String)? = nil,
    _ body: () async throws -> T
) async throws -> T {
    let log = result?.option.log ?? StandardErrorLog()
    func document(_ text: @autoclosure () -> String) {
        if result?.option.json == true { Console.write(text(), to: .standardOutput, actions: false) }
    }
    let command = result?.command ?? ""
    do {
        return try await body()
    } catch let error as DiagnosticsError {
        reporter(config: config, log: log).report(error)
        document(
            ResultDocument.failure(command: command, exitStatus: 2, diagnostics: error.diagnostics, note: error.note))
        throw ExitCode(2)
    } catch let error as UsageError {
        log.error(error.description)
        GitHubActions(environment: ProcessInfo.processInfo.environment).annotate(.error, at: nil, error.description)
        document(ResultDocument.failure(command: command, exitStatus: 2, message: error.description))
        throw ExitCode(2)
    } catch let error where !(error is ExitCode || error is CancellationError) {
        // Anything else failed outside the user's input (a disk, a folder); said in words, never as
        // Foundation's "Error Domain=… Code=…".
        let message = ErrorText.describe(error)
        log.error(message)
        GitHubActions(environment: ProcessInfo.processInfo.environment).annotate(.error, at: nil, message)
        document(ResultDocument.failure(command: command, exitStatus: 1, message: message))
        throw ExitCode.failure
    }
}
