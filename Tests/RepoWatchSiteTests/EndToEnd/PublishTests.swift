import Foundation
import Testing

@testable import RepoWatchSupport

/// `repowatch-site publish` with real git, against a local bare repository standing in for GitHub.
@Suite("publish")
struct PublishTests {
    /// git that works on a machine with no identity configured, and never reads the user's config.
    static func gitEnvironment(home: URL) -> [String: String] {
        [
            "GIT_AUTHOR_NAME": "Repo Watcher Test", "GIT_AUTHOR_EMAIL": "test@example.com",
            "GIT_COMMITTER_NAME": "Repo Watcher Test", "GIT_COMMITTER_EMAIL": "test@example.com",
            "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "HOME": home.path,
        ]
    }

    struct GitFailure: Error, CustomStringConvertible { let description: String }

    @discardableResult
    static func git(_ arguments: [String], in directory: URL, home: URL) throws -> String {
        let process = SpawnedProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = directory
        process.environment = BinaryRunner.environment(home: home, gitEnvironment(home: home))
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0 else {
            throw GitFailure(description: "git \(arguments.joined(separator: " ")): \(text)")
        }
        return text
    }

    /// A user's site repository (one commit on main, an uncommitted edit and a staged file) with a
    /// bare `origin`, and the site built with sample data.
    struct Setup {
        let dir: TempDir
        var work: URL { dir.url.appendingPathComponent("site") }
        var remote: URL { dir.url.appendingPathComponent("remote.git") }
        var home: URL { dir.url.appendingPathComponent("home") }

        @discardableResult
        func git(_ arguments: [String], in directory: URL? = nil) throws -> String {
            try PublishTests.git(arguments, in: directory ?? work, home: home)
        }

        func run(_ arguments: [String]) async throws -> RunResult {
            try await BinaryRunner.run(
                arguments, in: work,
                environment: BinaryRunner.environment(home: home, PublishTests.gitEnvironment(home: home)))
        }

        /// What publish must leave alone: branch, HEAD, index, working tree, worktrees.
        func userState() throws -> [String] {
            [
                try git(["symbolic-ref", "HEAD"]), try git(["rev-parse", "HEAD"]), try git(["ls-files", "--stage"]),
                try git(["status", "--porcelain", "--untracked-files=all"]),
                try git(["worktree", "list", "--porcelain"]),
                try git(["diff"]),
                // publish adds gh-pages; every other branch stays where it was.
                try git(["for-each-ref", "--format=%(refname) %(objectname)", "refs/heads/"])
                    .split(separator: "\n").filter { !$0.hasPrefix("refs/heads/gh-pages ") }.joined(separator: "\n"),
            ]
        }
    }

    static func setUp(_ label: String, site: String = ServeTests.site) async throws -> Setup {
        let setup = Setup(dir: try TempDir(label))
        let manager = FileManager.default
        for folder in [setup.work, setup.home] {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try setup.git(["init", "--quiet", "--bare", setup.remote.path], in: setup.dir.url)
        try setup.git(["init", "--quiet", "--initial-branch=main"])
        try setup.dir.write("site/site.yml", site)
        try setup.dir.write("site/.gitignore", "public/\n")
        try setup.git(["add", "site.yml", ".gitignore"])
        try setup.git(["commit", "--quiet", "-m", "My site"])
        try setup.git(["remote", "add", "origin", setup.remote.path])
        try setup.dir.write("site/notes.txt", "staged\n")
        try setup.git(["add", "notes.txt"])
        try setup.dir.write("site/site.yml", site + "# an edit not yet committed\n")
        let built = try await setup.run(["build", "--sample"])
        #expect(built.status == 0, "\(built)")
        return setup
    }

    /// Every file under `folder`, relative, sorted.
    static func files(in folder: URL) -> [String] {
        let root = folder.resolvingSymlinksInPath().path
        let enumerator = FileManager.default.enumerator(atPath: root)
        var paths: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                paths.append(path)
            }
        }
        return paths.sorted()
    }

    @Test("a site none of whose repositories has data is refused unless --allow-unavailable")
    func refusesAllUnavailable() async throws {
        let setup = try await Self.setUp("publish-unavailable")
        defer { setup.dir.remove() }
        // Offline with nothing cached: every repository unavailable, the site written all the same.
        let built = try await setup.run(["build", "--offline"])
        #expect(built.status == 1, "\(built)")
        let refused = try await setup.run(["publish", "--no-push"])
        #expect(refused.status == 2, "\(refused)")
        #expect(
            refused.stderr.contains("has no data for any of its 2 repositories")
                && refused.stderr.contains("--allow-unavailable"), "\(refused)")
        #expect(throws: (any Error).self) { try setup.git(["rev-parse", "--verify", "gh-pages"]) }
        let allowed = try await setup.run(["publish", "--no-push", "--allow-unavailable"])
        #expect(allowed.status == 0 && allowed.stdout.contains("Prepared"), "\(allowed)")
    }

    @Test("the branch holds exactly the site plus .nojekyll, as one orphan commit; the user's repo is untouched")
    func publishes() async throws {
        let setup = try await Self.setUp("publish")
        defer { setup.dir.remove() }
        let before = try setup.userState()

        // A sample site is refused: nothing committed, nothing pushed.
        let sample = try await setup.run(["publish"])
        #expect(sample.status == 2, "\(sample)")
        #expect(sample.stderr.contains("--sample") && sample.stderr.contains("--allow-sample"), "\(sample)")
        #expect(!sample.stdout.contains("Published"))
        #expect(throws: (any Error).self) { try setup.git(["rev-parse", "--verify", "gh-pages"]) }
        #expect(throws: (any Error).self) { try setup.git(["rev-parse", "--verify", "gh-pages"], in: setup.remote) }
        #expect(try setup.userState() == before)

        let result = try await setup.run(["publish", "--allow-sample"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Published") && result.stdout.contains("gh-pages"))

        let published = try setup.git(["ls-tree", "-r", "--name-only", "gh-pages"], in: setup.remote)
            .split(separator: "\n").map(String.init).sorted()
        var expected = Self.files(in: setup.work.appendingPathComponent("public"))
        if !expected.contains(".nojekyll") { expected.append(".nojekyll") }
        #expect(published == expected.sorted())
        #expect(published.contains(".nojekyll") && published.contains("index.html"))
        #expect(!published.contains("site.yml") && !published.contains("notes.txt") && !published.contains("CNAME"))
        #expect(try setup.git(["rev-list", "--count", "gh-pages"], in: setup.remote) == "1")
        #expect(try setup.git(["rev-parse", "gh-pages^{tree}"], in: setup.remote) != "")
        #expect(try setup.git(["log", "-1", "--format=%P", "gh-pages"], in: setup.remote).isEmpty, "no parent")
        let index = try setup.git(["show", "gh-pages:index.html"], in: setup.remote)
        #expect(
            index
                == (try String(contentsOf: setup.work.appendingPathComponent("public/index.html"), encoding: .utf8))
                .trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(try setup.userState() == before, "branch, HEAD, index, working tree and worktrees unchanged")

        // Publishing again replaces the branch: still one commit, with the new message.
        let again = try await setup.run(["publish", "--allow-sample", "--message", "Second publish"])
        #expect(again.status == 0, "\(again)")
        #expect(try setup.git(["rev-list", "--count", "gh-pages"], in: setup.remote) == "1")
        #expect(try setup.git(["log", "-1", "--format=%s", "gh-pages"], in: setup.remote) == "Second publish")
        #expect(try setup.userState() == before)
    }

    @Test("--no-push prepares the local branch and says so: nothing is called published, nothing pushed")
    func noPush() async throws {
        let setup = try await Self.setUp("publish-no-push")
        defer { setup.dir.remove() }
        let result = try await setup.run(["publish", "--no-push", "--allow-sample"])
        #expect(result.status == 0, "\(result)")
        #expect(!result.stdout.contains("Published") && result.stdout.contains("Prepared"), "\(result)")
        #expect(result.stdout.contains("not pushed") && result.stdout.contains("git push --force origin gh-pages"))
        #expect(try !setup.git(["rev-parse", "--verify", "gh-pages"]).isEmpty)
        #expect(throws: (any Error).self) { try setup.git(["rev-parse", "--verify", "gh-pages"], in: setup.remote) }
    }

    @Test("cname: in site.yml becomes CNAME; --branch and --remote are honoured")
    func cnameAndOptions() async throws {
        let setup = try await Self.setUp(
            "publish-cname", site: "cname: watch.example.com\nrepos:\n  - apple/swift\n")
        defer { setup.dir.remove() }
        let other = setup.dir.url.appendingPathComponent("other.git")
        try setup.git(["init", "--quiet", "--bare", other.path])
        try setup.git(["remote", "add", "mirror", other.path])
        let result = try await setup.run(["publish", "--allow-sample", "--branch", "site-pages", "--remote", "mirror"])
        #expect(result.status == 0, "\(result)")
        #expect(try setup.git(["show", "site-pages:CNAME"], in: other) == "watch.example.com")
        #expect(throws: (any Error).self) { try setup.git(["rev-parse", "--verify", "gh-pages"], in: setup.remote) }
    }

    @Test("refusals: no public/, not a git repository, no such remote, on the publish branch")
    func refusals() async throws {
        let setup = try await Self.setUp("publish-refuse")
        defer { setup.dir.remove() }

        let noRemote = try await setup.run(["publish", "--allow-sample", "--remote", "nowhere"])
        #expect(noRemote.status == 2 && noRemote.stderr.contains("no remote named 'nowhere'"), "\(noRemote)")

        try setup.git(["checkout", "--quiet", "-b", "gh-pages"])
        let onBranch = try await setup.run(["publish", "--allow-sample"])
        #expect(onBranch.status == 2 && onBranch.stderr.contains("you are on gh-pages"), "\(onBranch)")
        try setup.git(["checkout", "--quiet", "main"])

        try FileManager.default.removeItem(at: setup.work.appendingPathComponent("public"))
        let noSite = try await setup.run(["publish"])
        #expect(noSite.status == 2, "\(noSite)")
        #expect(noSite.stderr.contains("public does not exist") && noSite.stderr.contains("repowatch-site build"))

        let plain = try TempDir("publish-no-git")
        defer { plain.remove() }
        try plain.write("site.yml", ServeTests.site)
        let env = BinaryRunner.environment(home: plain.url, Self.gitEnvironment(home: plain.url))
        _ = try await BinaryRunner.run(["build", "--sample"], in: plain.url, environment: env)
        let notRepo = try await BinaryRunner.run(["publish", "--allow-sample"], in: plain.url, environment: env)
        #expect(notRepo.status == 2, "\(notRepo)")
        #expect(notRepo.stderr.contains("is not a git repository"))
        #expect(!FileManager.default.fileExists(atPath: plain.url.appendingPathComponent(".git").path))
    }
}
