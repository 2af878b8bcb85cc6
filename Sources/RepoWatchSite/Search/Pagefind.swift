import Foundation
import RepoWatchModel
import RepoWatchSupport

/// Pagefind, the indexer behind `search: true`: a program of its own (PyPI's `pagefind-bin` wheel
/// carries it), found once per build, in this order: `REPOWATCH_PAGEFIND` (the path of its
/// executable), `pagefind_extended` or `pagefind` on PATH, then the `pagefind_bin_extended` or
/// `pagefind_bin` module of the `python3` on PATH (what `pip install pagefind-bin-extended` or
/// `pagefind-bin` gives, whose wheels put nothing on PATH). The extended build comes first: it alone
/// splits Japanese and Chinese text, written without spaces, into words.
/// Only Pagefind 1.x is used: the attributes and the bundle the search page loads are 1.x's.
package struct Pagefind: Sendable {
    /// The version the project installs and tests with (`.ci/run`, the Action, docs/configuration.md).
    static let pinnedVersion = "1.5.2"

    package let executable: URL
    package let version: String
    /// The build's environment without its tokens, for every run of Pagefind.
    package let environment: [String: String]

    /// Why there is no usable Pagefind: the build then warns with it and writes the site without search.
    package struct Unavailable: Error, CustomStringConvertible, Sendable {
        package var description: String
    }

    /// - Parameter secrets: the names of the variables holding the site's tokens (every forge's
    ///   `token_env`), kept from Pagefind with every name ending in TOKEN.
    static func locate(environment: [String: String], secrets: [String] = []) -> Result<Pagefind, Unavailable> {
        let child = childEnvironment(environment, secrets: secrets)
        if let named = environment["REPOWATCH_PAGEFIND"], !named.isEmpty {
            return check(URL(fileURLWithPath: named), named: "REPOWATCH_PAGEFIND (\(named))", environment: child)
        }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for name in [Self.extendedName, "pagefind"] {
            if let found = find(name, path: path) { return check(found, named: found.path, environment: child) }
        }
        if let python = find("python3", path: path) {
            for module in ["pagefind_bin_extended", "pagefind_bin"] {
                if let wheel = wheelExecutable(python: python, module: module, environment: child) {
                    return check(wheel, named: wheel.path, environment: child)
                }
            }
        }
        return .failure(
            Unavailable(description: "Pagefind is not installed (no pagefind on PATH, no pagefind-bin for python3)"))
    }

    /// The extended build's executable name; `--version` says plain "pagefind" for both builds.
    static let extendedName = "pagefind_extended"

    /// Whether this is Pagefind's extended build, which splits text written without spaces into words.
    var splitsWordsWithoutSpaces: Bool { executable.lastPathComponent == Self.extendedName }

    /// The locales whose text has no spaces between words: without the extended build, their search
    /// finds only whole runs of text.
    static func needsWordSplitting(_ locale: String) -> Bool {
        let language = locale.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? ""
        return language == "ja" || language == "zh"
    }

    /// Indexes the repository pages of the site in `site` and writes Pagefind's bundle into `output`;
    /// returns what Pagefind said on success, which `--silent` keeps to nothing unless a later
    /// Pagefind says more.
    package func index(site: URL, output: URL) throws -> String {
        let arguments = [
            // Errors only: its notes on languages it cannot stem are no task for the user, and the one
            // that is (the extended build for Japanese and Chinese) the build says in its own words.
            "--site", site.path, "--output-path", output.path, "--glob", SiteLayout.repoPages, "--silent",
        ]
        let run = try Self.inEmptyFolder {
            try ChildProcess.run(executable, arguments, environment: environment, directory: $0)
        }
        guard run.status == 0 else {
            throw Unavailable(
                description: "Pagefind (\(executable.path)) failed with exit status \(run.status): \(run.tail)")
        }
        return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs `--version`: a file that is not Pagefind 1.x, or does not run, is not used.
    private static func check(_ executable: URL, named: String, environment: [String: String])
        -> Result<Pagefind, Unavailable>
    {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            return .failure(Unavailable(description: "\(named) is not an executable file"))
        }
        guard
            let run = try? inEmptyFolder({
                try ChildProcess.run(executable, ["--version"], environment: environment, directory: $0)
            }),
            run.status == 0
        else {
            return .failure(Unavailable(description: "\(named) does not run (`--version` failed)"))
        }
        let words = run.output.split(whereSeparator: \.isWhitespace)
        guard words.count >= 2, words[0].hasPrefix("pagefind"), words[1].hasPrefix("1.") else {
            return .failure(
                Unavailable(
                    description: "\(named) is not Pagefind 1.x (it says \"\(run.tail)\"); "
                        + "install pagefind-bin==\(pinnedVersion)"))
        }
        return .success(Pagefind(executable: executable, version: String(words[1]), environment: environment))
    }

    /// The executable inside the `module` package (`pagefind_bin`, `pagefind_bin_extended`) of
    /// `python`, if it has one.
    private static func wheelExecutable(python: URL, module: String, environment: [String: String]) -> URL? {
        let script = "import \(module); print(\(module).get_executable())"
        // `python -c` imports from its current folder first: run in `/`, not the site's folder (in
        // Actions, the checked-out repository), so no `pagefind_bin.py` there runs; Python 3.11 and
        // later leave that folder out altogether (PYTHONSAFEPATH). The installed packages still count.
        var safe = environment
        safe["PYTHONSAFEPATH"] = "1"
        guard
            let run = try? ChildProcess.run(
                python, ["-c", script], environment: safe, directory: URL(fileURLWithPath: "/")),
            run.status == 0
        else { return nil }
        let path = run.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return path.hasPrefix("/") ? URL(fileURLWithPath: path) : nil
    }

    private static func find(_ name: String, path: String) -> URL? {
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The build's environment without the tokens (each goes to its own forge and nowhere else) and
    /// without Pagefind's own settings (`PAGEFIND_*`): the index is this tool's, whatever the machine says.
    static func childEnvironment(_ environment: [String: String], secrets: [String] = []) -> [String: String] {
        let withheld = Set(secrets.map { $0.uppercased() } + ["GH_TOKEN", "INPUT_TOKEN"])
        return environment.filter {
            let name = $0.key.uppercased()
            return !name.hasSuffix("TOKEN") && !name.hasPrefix("PAGEFIND_") && !withheld.contains(name)
        }
    }

    /// Runs `body` with a new empty folder as Pagefind's working folder, removed after: Pagefind reads
    /// a `pagefind.yml` (or .json, .toml) from where it runs, and the build's folder is the site's
    /// repository, whose own Pagefind settings (a log file, a playground, a language) are not this index's.
    private static func inEmptyFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "repowatch-pagefind-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }
}
