import Foundation
import RepoWatchConfig
import RepoWatchModel
import RepoWatchSupport

/// What `repowatch-site publish` was asked to do, as one value. The branch and the remote are
/// checked against the repository when publishing (only git knows them).
package struct PublishOptions: Sendable {
    package let configPath: String
    /// Default: `public/` beside site.yml.
    package let outputPath: String?
    package let branch: String
    package let remote: String
    package let message: String?
    /// Push after committing; off only for a dry run.
    package let push: Bool
    /// Publish a site built with `--sample` all the same (its made-up numbers and "Sample data" banner).
    package let allowSample: Bool
    /// Publish a site none of whose repositories has data (every widget "unavailable") all the same.
    package var allowUnavailable = false
    package var environment: [String: String] = ProcessInfo.processInfo.environment

    package init(
        configPath: String = "site.yml", outputPath: String? = nil, branch: String = "gh-pages",
        remote: String = "origin", message: String? = nil, push: Bool = true, allowSample: Bool = false
    ) {
        self.configPath = configPath
        self.outputPath = outputPath
        self.branch = branch
        self.remote = remote
        self.message = message
        self.push = push
        self.allowSample = allowSample
    }
}

package struct PublishResult: Sendable {
    package var commit: String
    package var branch: String
    package var remote: String?
    /// Root-relative paths in the published commit.
    package var files: [String]
}

/// Commits the built site as the one commit of an orphan branch (what GitHub Pages serves from
/// `gh-pages`) and pushes it. The commit is assembled in a temporary worktree, so the user's working
/// tree, index and current branch are never touched.
package struct PagesPublisher: Sendable {
    package let options: PublishOptions
    package let log: any BuildLog

    package init(options: PublishOptions, log: any BuildLog) {
        self.options = options
        self.log = log
    }

    package var configURL: URL { URL(fileURLWithPath: options.configPath).standardizedFileURL }
    package var siteDirectory: URL { configURL.deletingLastPathComponent() }
    package var outputURL: URL {
        if let outputPath = options.outputPath { return URL(fileURLWithPath: outputPath).standardizedFileURL }
        return siteDirectory.appendingPathComponent("public", isDirectory: true)
    }

    package func run() throws -> PublishResult {
        let config = try ConfigLoader.load(path: options.configPath).config
        let site = outputURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: site.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw UsageError("\(site.path) does not exist: run `repowatch-site build` first, then publish")
        }
        guard FileManager.default.fileExists(atPath: site.appendingPathComponent(SiteLayout.index).path) else {
            throw UsageError("\(site.path) has no \(SiteLayout.index): run `repowatch-site build` first, then publish")
        }
        if !options.allowSample, Self.isSample(site) {
            throw UsageError(
                "\(site.path) was built with --sample: its numbers are made up. Build it from GitHub "
                    + "(`repowatch-site build`), then publish; or pass --allow-sample to publish the sample site")
        }
        if !options.allowUnavailable, let count = Self.unavailableEverywhere(site) {
            throw UsageError(
                "\(site.path) has no data for any of its \(Formatting.plural(count, "repository", "repositories")): "
                    + "every widget says unavailable, and publishing would replace the published site with that. "
                    + "See why in the build's errors (the token, the network), build again, then publish; or pass "
                    + "--allow-unavailable to publish it as it is")
        }

        let git = Git(directory: siteDirectory, environment: options.environment)
        guard git.succeeds(["rev-parse", "--git-dir"]) else {
            throw UsageError(
                "\(siteDirectory.path) is not a git repository: run `git init` and `git remote add \(options.remote) URL` first"
            )
        }
        try checkBranch(git)
        if options.push { try checkRemote(git) }

        let commit = try commitSite(from: site, cname: config.cname, git: git)
        try git.run(["update-ref", "-m", "repowatch-site publish", "refs/heads/\(options.branch)", commit])
        let files = try git.run(["ls-tree", "-r", "--name-only", commit]).split(separator: "\n").map(String.init)
        log.info(
            "Committed \(Formatting.plural(files.count, "file", "files")) to \(options.branch) as \(commit.prefix(12))")
        if options.push {
            log.info("Pushing \(options.branch) to \(options.remote)…")
            // The branch is one fresh root commit each time, so the remote's copy is always replaced.
            try git.run([
                "push", "--force", "--quiet", options.remote,
                "refs/heads/\(options.branch):refs/heads/\(options.branch)",
            ])
        }
        return PublishResult(
            commit: commit, branch: options.branch, remote: options.push ? options.remote : nil, files: files)
    }

    func checkBranch(_ git: Git) throws {
        guard git.succeeds(["check-ref-format", "--branch", options.branch]) else {
            throw UsageError("'\(options.branch)' is not a valid branch name")
        }
        let current = try? git.run(["symbolic-ref", "--quiet", "--short", "HEAD"])
        if current == options.branch {
            throw UsageError(
                "you are on \(options.branch), the branch publish replaces; switch to your source branch first")
        }
        // A branch checked out in another worktree cannot be moved under it.
        let worktrees = (try? git.run(["worktree", "list", "--porcelain"])) ?? ""
        if worktrees.split(separator: "\n").contains(where: { $0 == "branch refs/heads/\(options.branch)" }) {
            throw UsageError("\(options.branch) is checked out in another worktree (see `git worktree list`)")
        }
    }

    func checkRemote(_ git: Git) throws {
        guard git.succeeds(["remote", "get-url", options.remote]) else {
            throw UsageError(
                "this repository has no remote named '\(options.remote)': add one with "
                    + "`git remote add \(options.remote) URL`, or pass --remote")
        }
    }

    /// Builds the commit in a throwaway worktree and returns its id.
    func commitSite(from site: URL, cname: String?, git: Git) throws -> String {
        let manager = FileManager.default
        let scratch = manager.temporaryDirectory.appendingPathComponent("repowatch-publish-\(UUID().uuidString)")
        let worktree = scratch.appendingPathComponent("site")
        try manager.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer {
            _ = try? git.run(["worktree", "remove", "--force", worktree.path])
            try? manager.removeItem(at: scratch)
            _ = try? git.run(["worktree", "prune"])
        }
        // The worktree starts from an empty tree, not HEAD: it then works in a repository with no
        // commits yet, and never checks out the user's files.
        let emptyTree = try git.run(["hash-object", "-t", "tree", "-w", "--stdin"], input: Data())
        let base = try git.run(["commit-tree", emptyTree, "-m", "repowatch-site: empty base"])
        try git.run(["worktree", "add", "--detach", "--no-checkout", worktree.path, base])

        for name in try manager.contentsOfDirectory(atPath: site.path) {
            try manager.copyItem(at: site.appendingPathComponent(name), to: worktree.appendingPathComponent(name))
        }
        // GitHub Pages runs Jekyll otherwise, which hides files and folders starting with "_".
        let nojekyll = worktree.appendingPathComponent(SiteLayout.noJekyll)
        if !manager.fileExists(atPath: nojekyll.path) { try Data().write(to: nojekyll) }
        if let cname { try Data("\(cname)\n".utf8).write(to: worktree.appendingPathComponent("CNAME")) }

        let inWorktree = Git(directory: worktree, environment: git.environment)
        // --force: the user's global ignore rules must not drop files from the published site.
        try inWorktree.run(["add", "--all", "--force", "."])
        let tree = try inWorktree.run(["write-tree"])
        return try inWorktree.run(["commit-tree", tree, "-m", message(site: site)])
    }

    /// Whether the built site says it shows sample data (`data/snapshot.json`'s `sample`).
    package static func isSample(_ site: URL) -> Bool {
        snapshot(site)?.sample == true
    }

    /// How many repositories the built site has, when not one of them has data; nil when some do
    /// (or the site has no snapshot to tell).
    static func unavailableEverywhere(_ site: URL) -> Int? {
        guard let repos = snapshot(site)?.repos, !repos.isEmpty, !repos.contains(where: \.isAvailable) else {
            return nil
        }
        return repos.count
    }

    package static func snapshot(_ site: URL) -> Snapshot? {
        (try? Data(contentsOf: site.appendingPathComponent(SiteLayout.snapshot)))
            .flatMap { try? Snapshot.decoder.decode(Snapshot.self, from: $0) }
    }

    package func message(site: URL) -> String {
        if let message = options.message, !message.isEmpty { return message }
        guard let snapshot = Self.snapshot(site) else { return "Publish site" }
        return "Publish site built \(Formatting.iso(snapshot.generatedAt))"
    }
}
