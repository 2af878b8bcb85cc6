import Foundation

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSite
@testable import RepoWatchSources
@testable import RepoWatchSupport

/// A gallery that shows every state in every size, appearance and rendering mode, built from a
/// snapshot made here (no network): what the browser suite loads and photographs.
enum SpecimenSite {
    static let now = ISO8601.parse("2026-11-22T12:00:00Z")!

    static let longName =
        "a-repository-name-that-uses-all-one-hundred-characters-github-allows-and-then-some-more-letters-xyz"

    /// Strings a hostile API could return; the browser checks none of them runs.
    static let hostileScript = #"<script>window.__pwned = "description"</script>"#
    static let hostileImage = #""><img src=x onerror="window.__pwned='login'">"#

    /// Each repository shows one state or one kind of edge data.
    static let repos: [RepoName] = [
        "apple/swift", "twbs/bootstrap", "gone/away", "edge/\(longName)", "edge/archived-relic",
        "edge/three-friends", "edge/unknowns", "hostile/xss", "wait/listed", "wait/never-fetched",
    ].map { RepoName.parse($0).value! }

    /// Every appearance × every rendering mode; accented widgets also try hard-to-read accents.
    static let looks: [(key: String, yaml: String)] = {
        var looks: [(String, String)] = []
        for appearance in SiteConfig.Appearance.allCases {
            for rendering in WidgetLook.Rendering.allCases {
                var yaml = "appearance: \(appearance.rawValue), rendering: \(rendering.rawValue)"
                if rendering == .accented, appearance == .light { yaml += ", accent: \"#FFD60A\"" }
                if rendering == .accented, appearance == .dark { yaml += ", accent: \"#5E5CE6\"" }
                if rendering == .desaturated { yaml += ", numbers: compact" }
                looks.append(("\(appearance.rawValue)-\(rendering.rawValue)", yaml))
            }
        }
        return looks
    }()

    static var yaml: String { yaml(locale: nil) }

    /// - Parameter locale: `locale:` for the whole site (nil: none, English).
    static func yaml(locale: String?) -> String {
        var lines = [
            "title: Widget specimens",
            "description: |",
            "  Every state, size, appearance and rendering mode. 🚀 [Docs](https://example.com/docs),",
            "  [mail](mailto:me@example.com), [not a link](javascript:window.__pwned='markdown'). <b>raw</b>",
            "appearance: auto",
            "accent: \"#FF9500\"",
        ]
        if let locale { lines.append("locale: \(locale)") }
        lines += [
            "repos:"
        ]
        lines += repos.map { "  - \($0)" }
        lines.append("widgets:")
        for look in looks {
            for repo in repos {
                lines.append("  - { kind: single, repo: \(repo), sizes: [medium, large], \(look.yaml) }")
            }
            lines.append(
                "  - { kind: double, id: pair-\(look.key), top: apple/swift, bottom: twbs/bootstrap, \(look.yaml) }")
        }
        lines.append(contentsOf: [
            "  - kind: single",
            "    repo: apple/swift",
            "    note: \"Pinned. **Bold**, [a link](https://swift.org), [bad](javascript:window.__pwned='note') <script>window.__pwned='note'</script>\"",
        ])
        return lines.joined(separator: "\n") + "\n"
    }

    static func snapshots(avatars: AvatarStore) async -> [RepoSnapshot] {
        func person(_ login: String, _ contributions: Int) async -> Contributor {
            Contributor(
                login: login, contributions: contributions,
                avatar: await avatars.avatar(url: nil, pixels: 88, placeholderFor: login))
        }
        func avatar(_ owner: String) async -> String {
            await avatars.avatar(url: nil, pixels: 100, placeholderFor: owner)
        }
        let day: TimeInterval = 86_400
        var fresh = RepoSnapshot(
            configName: "apple/swift", fullName: "apple/swift", htmlURL: "https://github.com/apple/swift",
            description: "The Swift Programming Language", stars: 171_281, forks: 78_987, openIssues: 673,
            hasIssues: true, openPulls: 212, archived: false, pushedAt: now - 3 * day, daysSincePush: 3,
            ownerAvatar: await avatar("apple"), fetchedAt: now)
        fresh.contributors = [
            await person("DougGregor", 8_513), await person("slavapestov", 6_120), await person("atrick", 3_907),
            await person("gottesmm", 3_512),
        ]

        var stale = RepoSnapshot(
            configName: "twbs/bootstrap", fullName: "twbs/bootstrap", htmlURL: "https://github.com/twbs/bootstrap",
            description: "The most popular HTML, CSS, and JavaScript framework.", stars: 171_281, forks: 78_987,
            openIssues: 0, hasIssues: true, openIssuesIncludePulls: true, archived: false, pushedAt: now - 660 * day,
            daysSincePush: 660,
            ownerAvatar: await avatar("twbs"), contributorsNote: ContributorsNote.tooLarge,
            fetchedAt: now - 2 * day, stale: true, staleness: "GitHub answered 500 Internal Server Error")
        stale.contributors = []

        let unavailable = RepoSnapshot.unavailable(
            RepoName(owner: "gone", name: "away"),
            reason: "not found (404): the repository was deleted, renamed away or made private")

        var edge = RepoSnapshot(
            configName: "edge/\(longName)", fullName: "edge/\(longName)",
            htmlURL: "https://github.com/edge/\(longName)",
            description: "مرحبا بالعالم — שלום עולם 🚀✨👩🏽‍💻 mixed with English and a very long tail to ellipsize",
            stars: 2_147_483_647, forks: 2_147_483_647, openIssues: 2_147_483_647, hasIssues: true,
            openPulls: 2_147_483_647, archived: false, pushedAt: now - 1 * day, daysSincePush: 1,
            ownerAvatar: await avatar("edge"),
            fetchedAt: now)
        edge.contributors = [await person("a-login-that-is-as-long-as-github-allows-39", 2_147_483_647)]

        var archived = RepoSnapshot(
            configName: "edge/archived-relic", fullName: "edge/archived-relic",
            htmlURL: "https://github.com/edge/archived-relic", description: "Kept for history.", stars: 1,
            forks: 0, openIssues: 0, hasIssues: false, archived: true, pushedAt: now, daysSincePush: 0,
            ownerAvatar: await avatar("edge"), fetchedAt: now)
        archived.contributors = [await person("octocat", 32), await person("hubot", 1)]

        var three = RepoSnapshot(
            configName: "edge/three-friends", fullName: "edge/three-friends",
            htmlURL: "https://github.com/edge/three-friends", description: nil, stars: 3_903, forks: 986,
            openIssues: 156, hasIssues: true, archived: false, pushedAt: now - 4_899 * day, daysSincePush: 4_899,
            ownerAvatar: await avatar("friends"), fetchedAt: now)
        three.contributors = [
            await person("bbenezech", 1_218), await person("sferik", 1_020), await person("mshibuya", 860),
        ]

        // What an old or partial payload can leave out: placeholders, never a made-up 0.
        var unknowns = RepoSnapshot(
            configName: "edge/unknowns", fullName: "edge/unknowns", htmlURL: nil, description: nil, stars: 12,
            forks: nil, openIssues: nil, hasIssues: true, archived: nil, pushedAt: nil, daysSincePush: nil,
            ownerAvatar: nil, fetchedAt: now)
        unknowns.contributors = [Contributor(login: "no-avatar", contributions: 5, avatar: nil)]

        var hostile = RepoSnapshot(
            configName: "hostile/xss", fullName: "hostile/xss\(hostileImage)",
            htmlURL: "javascript:window.__pwned='html_url'", description: hostileScript + hostileImage, stars: 66,
            forks: 6, openIssues: 6, hasIssues: true, archived: false, pushedAt: now - 66 * day, daysSincePush: 66,
            ownerAvatar: await avatar("hostile"), fetchedAt: now)
        hostile.contributors = [
            await person(hostileImage, 6), await person("</li></ol><script>window.__pwned='ol'</script>", 5),
        ]

        // Releases and languages: GitHub's colours, a language without one, a tag too long for the row,
        // a release without a date, and hostile strings where a colour or a tag goes.
        fresh.language = RepoLanguage(name: "Swift", color: "#F05138")
        fresh.release = RepoRelease(tag: "swift-6.0.3-RELEASE", publishedAt: now - 3 * day)
        stale.language = RepoLanguage(name: "JavaScript", color: "#f1e05a")
        stale.release = RepoRelease(tag: "v5.3.3", publishedAt: ISO8601.parse("2024-02-20T15:00:00Z"))
        edge.language = RepoLanguage(name: "Jupyter Notebook", color: nil)
        edge.release = RepoRelease(
            tag: "v2147483647.2147483647.2147483647-a-prerelease-name-long-enough-to-need-an-ellipsis",
            publishedAt: now - 400 * day)
        archived.language = RepoLanguage(name: "Ruby", color: "#701516")
        three.release = RepoRelease(tag: "v1.0.0", publishedAt: nil)
        hostile.language = RepoLanguage(
            name: hostileImage, color: "#fff\" onload=\"window.__pwned='color'")
        hostile.release = RepoRelease(tag: hostileScript, publishedAt: now - 1)

        // A budgeted build did not reach them: one with its owner's listed numbers, one with none yet.
        var listed = RepoSnapshot(
            configName: "wait/listed", fullName: "wait/listed", htmlURL: "https://github.com/wait/listed",
            description: "Listed, contributors to come", stars: 4_200, forks: 42, openIssues: 7, hasIssues: true,
            openIssuesIncludePulls: true, archived: false, pushedAt: now - 9 * day, daysSincePush: 9,
            ownerAvatar: await avatar("wait"), contributorsNote: ContributorsNote.pending, fetchedAt: now)
        listed.pending = true
        var never = RepoSnapshot.pending(RepoName(owner: "wait", name: "never-fetched"))
        never.ownerAvatar = await avatar("wait")

        return [fresh, stale, unavailable, edge, archived, three, unknowns, hostile, listed, never]
    }

    /// Writes the specimen gallery into `folder` and a small `--sample` gallery into `folder/sample/`.
    static func write(to folder: URL) async throws {
        try await write(to: folder, locale: nil)
    }

    /// The specimen gallery with `locale:` (no sample sub-gallery then).
    static func write(to folder: URL, locale: String?) async throws {
        try? FileManager.default.removeItem(at: folder)
        let files = try await files(locale: locale)
        try write(files, to: folder)
        guard locale == nil else { return }
        try await writeSample(to: folder)
    }

    /// Every file of the specimen gallery in `locale`, in memory.
    /// - Parameter libraryOnly: render with swift-mustache alone, not the compiled templates.
    static func files(locale: String?, libraryOnly: Bool = false) async throws -> [String: Data] {
        let config = try ConfigLoader(file: "site.yml").parse(yaml(locale: locale)).config
        let avatars = AvatarStore(client: nil)
        let snapshot = Snapshot(
            generatedAt: now, nextUpdate: now + 12 * 3600, sample: false, repos: await snapshots(avatars: avatars))
        let loaded = try TemplateSet.load(siteDirectory: nil)
        let templates = libraryOnly ? loaded.libraryOnly : loaded
        let renderer = SiteRenderer(
            config: config, templates: templates, options: try RenderOptions(),
            data: RenderData(
                history: history(before: snapshot, repos: config.repos), avatars: AvatarFiles(await avatars.allFiles()))
        )
        var files = try renderer.render(snapshot)
        files.merge(await avatars.allFiles()) { page, _ in page }
        return files
    }

    static func writeSample(to folder: URL) async throws {
        let templates = try TemplateSet.load(siteDirectory: nil)
        let sampleConfig = try ConfigLoader(file: "site.yml").parse(
            "title: Sample\nrepos: [sallen0400/swift-news, apple/swift]\nwidgets:\n  - kind: single\n  - kind: double\n"
        ).config
        let sampleAvatars = AvatarStore(client: nil)
        var sampled: [RepoSnapshot] = []
        for name in sampleConfig.repos {
            var repo = SampleData.snapshot(for: name, now: now)
            repo.ownerAvatar = await sampleAvatars.avatar(url: nil, pixels: 100, placeholderFor: name.owner)
            for index in repo.contributors.indices {
                repo.contributors[index].avatar = await sampleAvatars.avatar(
                    url: nil, pixels: 88, placeholderFor: repo.contributors[index].login)
            }
            sampled.append(repo)
        }
        let sampleSnapshot = Snapshot(generatedAt: now, nextUpdate: now + 3600, sample: true, repos: sampled)
        let sampleRenderer = SiteRenderer(
            config: sampleConfig, templates: templates, options: try RenderOptions(),
            data: RenderData(avatars: AvatarFiles(await sampleAvatars.allFiles())))
        var sampleFiles = try sampleRenderer.render(sampleSnapshot)
        sampleFiles.merge(await sampleAvatars.allFiles()) { page, _ in page }
        try write(sampleFiles, to: folder.appendingPathComponent("sample"))
    }

    /// A day earlier: stars up, down and unchanged, so widgets and pages show every kind of change.
    static func history(before snapshot: Snapshot, repos: [RepoName]) -> History {
        let changes = ["apple/swift": -281, "edge/\(longName)": -647, "edge/three-friends": 97, "hostile/xss": 0]
        var earlier = snapshot
        earlier.generatedAt = snapshot.generatedAt - 86_400
        for index in earlier.repos.indices {
            guard let stars = earlier.repos[index].stars else { continue }
            earlier.repos[index].stars = stars + (changes[earlier.repos[index].configName] ?? 0)
        }
        var history = History()
        history.record(earlier, repos: repos)
        history.record(snapshot, repos: repos)
        return history
    }

    static func write(_ files: [String: Data], to folder: URL) throws {
        for (path, data) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
    }
}
