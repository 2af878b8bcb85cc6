import Foundation
import Testing

/// Assertions on one `repowatch-site build` of nine repositories served by the fixture server
/// (see `MainSite` for the scenario of each repository).
@Suite("End-to-end: one build of many repositories", .timeLimit(.minutes(10)))
struct EndToEndMainSiteTests {

    @Test("the build exits 0 and writes the documented files")
    func buildWritesTheSite() async throws {
        let site = try await MainSite.site()
        #expect(site.result.status == 0, "\(site)")
        #expect(!site.result.timedOut)
        for file in ["index.html", "404.html", ".nojekyll", "assets/style.css", "data/snapshot.json"] {
            #expect(site.exists(file), "missing public/\(file)\n\(site)")
        }
        for repo in MainSite.expected {
            for page in ["index.html", "medium.html", "large.html"] {
                #expect(site.exists(repo.pagePath + page), "missing public/\(repo.pagePath)\(page)\n\(site)")
            }
        }
        let avatars = site.files().filter { $0.hasPrefix("avatars/") }
        #expect(!avatars.isEmpty, "no files under public/avatars/")
        #expect(
            !site.exists("repos/requests/requests/index.html"),
            "pages go under the config name, not the API's full name")
    }

    @Test("medium and large widgets carry the API values", arguments: MainSite.expected)
    func widgetPages(_ repo: ExpectedRepo) async throws {
        let site = try await MainSite.site()
        for size in ["medium", "large"] {
            let path = repo.pagePath + size + ".html"
            let page = try site.page(path)
            let root = try #require(page.widgetRoots.first, "\(path) has no data-widget element")
            #expect(root["data-widget"] == size, "\(path): \(root)")
            #expect(root["data-state"] == "fresh", "\(path): \(root)")
            let repos = Set(page.tags(where: "data-repo").compactMap { $0["data-repo"] })
            #expect(repos == [repo.config], "\(path): data-repo values \(repos)")

            let stats = page.stats()
            try expectStat(stats, "stars", repo.stars, in: path)
            try expectStat(stats, "forks", repo.forks, in: path)
            try expectStat(stats, "days", repo.days, in: path)
            if repo.hasIssues {
                try expectStat(stats, "issues", repo.openIssues, in: path)
            } else {
                #expect(stats["issues"] == nil, "\(path): issues are disabled but shown")
            }
            if size == "large" {
                #expect(page.contributors() == repo.contributors, "\(path)")
            }
        }
        let repoPage = try site.page(repo.pagePath + "index.html")
        #expect(
            repoPage.tags(where: "data-repo", is: repo.config).count >= 1,
            "\(repo.pagePath)index.html shows no widget of \(repo.config)")
    }

    @Test("snapshot.json holds the API values", arguments: MainSite.expected)
    func snapshotValues(_ repo: ExpectedRepo) async throws {
        let site = try await MainSite.site()
        let snapshot = try site.snapshot()
        #expect(snapshot["schema"]?.int == 1)
        #expect(snapshot["sample"]?.bool == false)
        #expect(snapshot["generated_at"]?.string == BinaryRunner.now)
        let entry = try #require(try site.snapshotRepo(repo.config), "no snapshot entry for \(repo.config)")
        #expect(entry["full_name"]?.string == repo.fullName)
        #expect(entry["stars"]?.int == repo.stars)
        #expect(entry["forks"]?.int == repo.forks)
        #expect(entry["open_issues"]?.int == repo.openIssues)
        #expect(entry["has_issues"]?.bool == repo.hasIssues)
        #expect(entry["archived"]?.bool == repo.archived)
        #expect(entry["pushed_at"]?.string == repo.pushedAt)
        #expect(entry["days_since_push"]?.int == repo.days)
        #expect(entry["stale"]?.bool == false)
        #expect(entry["error"]?.isNull == true, "error: \(entry["error"].map(\.description) ?? "absent")")
        if let html = repo.htmlURL { #expect(entry["html_url"]?.string == html) }
        let contributors = (entry["contributors"]?.array ?? []).map {
            HookContributor($0["login"]?.string ?? "?", $0["contributions"]?.int ?? -1)
        }
        #expect(contributors == repo.contributors)
        // Avatar paths are relative to the root and point at files that exist.
        var avatars = (entry["contributors"]?.array ?? []).compactMap { $0["avatar"]?.string }
        if let owner = entry["owner_avatar"]?.string { avatars.append(owner) } else { Issue.record("no owner_avatar") }
        for avatar in avatars {
            #expect(
                avatar.hasPrefix("avatars/") && site.exists(avatar),
                "snapshot avatar \(avatar) is not a file under public/avatars/")
        }
    }

    @Test("twbs/bootstrap shows grouped numbers: 171,281 stars, data-value 171281")
    func groupedNumbers() async throws {
        let site = try await MainSite.site()
        let page = try site.page("repos/twbs/bootstrap/medium.html")
        let stats = page.stats()
        #expect(stats["stars"]?.value == "171281")
        #expect(stats["stars"]?.text.contains("171,281") == true, "stars text: \(stats["stars"]?.text ?? "-")")
        #expect(stats["forks"]?.text.contains("78,987") == true, "forks text: \(stats["forks"]?.text ?? "-")")
    }

    @Test("a renamed repository (301) is followed and a warning names its new name")
    func renamedRepository() async throws {
        let site = try await MainSite.site()
        let paths = site.apiRequests.map(\.pathOnly)
        let moved = try #require(paths.firstIndex(of: "/repos/kennethreitz/requests"), "\(site)")
        let followed = try #require(paths.firstIndex(of: "/repositories/1362490"), "301 not followed\n\(site)")
        #expect(moved < followed)
        #expect(
            paths.contains("/repos/requests/requests/contributors"),
            "contributors must be asked under the full_name of the repository response\n\(site)")
        let warning = site.result.stderr.split(separator: "\n").first {
            $0.lowercased().contains("warning") && $0.contains("requests/requests")
        }
        #expect(warning != nil, "no warning naming requests/requests on stderr:\n\(site.result.stderr)")
        let page = try site.page("repos/kennethreitz/requests/medium.html")
        #expect(page.stats()["stars"]?.value == "29496")
    }

    @Test("issues disabled (PyCQA/flake8): no issues stat anywhere for it")
    func issuesDisabled() async throws {
        let site = try await MainSite.site()
        for path in [
            "repos/pycqa/flake8/medium.html", "repos/pycqa/flake8/large.html", "repos/pycqa/flake8/index.html",
        ] {
            let page = try site.page(path)
            #expect(page.stats()["stars"]?.value == "277", "\(path)")
            #expect(page.tags(where: "data-stat", is: "issues").isEmpty, "\(path) shows an issues stat")
        }
        let index = try site.page("index.html")
        let segments = index.segments(by: "data-repo")
        let flake8 = segments.filter { $0.tag["data-repo"] == "PyCQA/flake8" }
        #expect(!flake8.isEmpty, "index.html has no PyCQA/flake8 widget")
        for segment in flake8 {
            #expect(
                index.stats(from: segment.start, to: segment.end)["issues"] == nil,
                "index.html shows issues for PyCQA/flake8")
        }
        let bootstrap = segments.filter { $0.tag["data-repo"] == "twbs/bootstrap" }
        #expect(
            bootstrap.contains { index.stats(from: $0.start, to: $0.end)["issues"]?.value == "673" },
            "index.html: twbs/bootstrap should show 673 issues")
    }

    @Test("a 2013 payload without stargazers_count falls back to watchers (sferik/rails_admin)")
    func legacyPayload() async throws {
        let site = try await MainSite.site()
        let page = try site.page("repos/sferik/rails_admin/large.html")
        #expect(page.stats()["stars"]?.value == "3903")
        #expect(page.stats()["stars"]?.text.contains("3,903") == true)
        #expect(
            page.contributors() == [
                HookContributor("bbenezech", 986), HookContributor("sferik", 545),
                HookContributor("kaapa", 310), HookContributor("gunn", 266),
            ])
        #expect(try site.snapshotRepo("sferik/rails_admin")?["stars"]?.int == 3903)
    }

    @Test("204 No Content for contributors: \"No contributors yet\", no grid")
    func noContributors() async throws {
        let site = try await MainSite.site()
        let page = try site.page("repos/testgh3py/i-have-been-archived/large.html")
        #expect(page.tags(where: "data-login").isEmpty)
        #expect(page.visibleText.contains("No contributors yet"), "\(page.visibleText)")
        #expect(page.widgetRoots.first?["data-state"] == "fresh")
        #expect(try site.snapshotRepo("testgh3py/i-have-been-archived")?["archived"]?.bool == true)
    }

    @Test("403 \"too large\" contributor list: the large widget says so and stands, exit 0")
    func contributorListTooLarge() async throws {
        let site = try await MainSite.site()
        #expect(site.result.status == 0)
        let page = try site.page("repos/twbs/bootstrap/large.html")
        #expect(page.tags(where: "data-login").isEmpty)
        #expect(page.visibleText.lowercased().contains("too large"), "\(page.visibleText)")
        #expect(page.widgetRoots.first?["data-widget"] == "large")
        #expect(page.widgetRoots.first?["data-state"] != "unavailable")
        #expect(page.stats()["stars"]?.value == "171281")
        #expect(page.stats()["days"]?.value == "660")
    }

    @Test("bots and anonymous entries are skipped; Link: next is not followed with four people")
    func botsSkipped() async throws {
        let site = try await MainSite.site()
        let page = try site.page("repos/sigmavirus24/github3.py/large.html")
        let shown = page.contributors()
        #expect(shown == MainSite.repo("sigmavirus24/github3.py").contributors)
        #expect(!shown.contains { $0.login.hasSuffix("[bot]") })
        #expect(
            !site.requests.contains { $0.pathOnly == "/repositories/3710711/contributors" },
            "page 2 was fetched although page 1 had four people\n\(site)")
    }

    @Test("Link: next is followed when fewer than four people are on page 1")
    func nextPageFollowed() async throws {
        let site = try await MainSite.site()
        #expect(
            site.requests.contains { $0.pathOnly == "/repositories/3544490/contributors" && $0.status == 200 },
            "\(site)")
        let page = try site.page("repos/pygithub/pygithub/large.html")
        #expect(
            page.contributors() == [
                HookContributor("jacquev6", 355), HookContributor("ministrike3", 1),
                HookContributor("no3am", 1),
            ])
    }

    @Test("hostile strings come out escaped; no javascript: link")
    func hostileStrings() async throws {
        let site = try await MainSite.site()
        let htmlFiles = site.htmlFiles()
        #expect(!htmlFiles.isEmpty)
        for file in htmlFiles {
            let source = try site.read(file)
            for raw in ["<script>alert", "<img src=x onerror", "\"><img", "'apos' <img"] {
                #expect(!source.contains(raw), "\(file) contains raw \(raw)")
            }
            let page = HTMLPage(source)
            for tag in page.tags {
                #expect(tag["onerror"] == nil, "\(file): injected attribute in \(tag)")
                if let href = tag["href"] ?? tag["src"] ?? tag["action"] {
                    let scheme = href.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
                        .filter { !$0.isWhitespace && $0 != "\u{0}" }
                    #expect(!scheme.hasPrefix("javascript:"), "\(file): \(tag)")
                }
            }
        }
        // The strings survive as data: the login round-trips through the attribute escaping.
        let large = try site.page("repos/demoorg/demo-repo-2/large.html")
        #expect(large.contributors() == [HookContributor(MainSite.hostileLogin, 32)])
        let entry = try #require(try site.snapshotRepo("demoorg/demo-repo-2"))
        #expect(entry["description"]?.string == MainSite.hostileDescription)
    }

    @Test("an avatar that 404s becomes a placeholder file under public/avatars/")
    func missingAvatar() async throws {
        let site = try await MainSite.site()
        for path in MainSite.missingAvatarPaths {
            #expect(
                site.avatarRequests.contains { $0.pathOnly == path && $0.status == 404 },
                "\(path) was not requested\n\(site)")
        }
        for file in ["repos/demoorg/demo-repo-2/large.html", "repos/demoorg/demo-repo-2/medium.html"] {
            let images = try site.page(file).tags.filter { $0.name == "img" }
            #expect(!images.isEmpty, "\(file) has no <img>")
            for img in images {
                let src = try #require(img["src"], "\(file): <img> without src")
                let target = try #require(resolveRelative(src, fromPage: file), "\(file): src \(src) is not relative")
                #expect(target.hasPrefix("avatars/"), "\(file): src \(src) → \(target)")
                #expect(site.exists(target), "\(file): src \(src) → missing \(target)")
            }
        }
        let large = try site.page("repos/demoorg/demo-repo-2/large.html")
        #expect(large.tags.filter { $0.name == "img" }.count >= 2, "owner and contributor avatars expected")
    }

    @Test("every <img> in every page points to an existing file in the site")
    func noBrokenImages() async throws {
        let site = try await MainSite.site()
        for file in site.htmlFiles() {
            for img in try site.page(file).tags where img.name == "img" {
                let src = img["src"] ?? ""
                #expect(!src.contains("127.0.0.1") && !src.hasPrefix("http"), "\(file): hotlinked \(src)")
                if let target = resolveRelative(src, fromPage: file), !src.hasPrefix("data:") {
                    #expect(site.exists(target), "\(file): <img src=\(src)> → missing \(target)")
                }
            }
        }
    }

    /// Cards draw their icons from one set of symbols per page (`icons.mustache`): every page that
    /// uses one defines it exactly once, so no icon goes missing and none is repeated per card.
    @Test("every icon a page draws is defined once in that page")
    func iconsDefinedOnce() async throws {
        let site = try await MainSite.site()
        var pagesWithIcons = 0
        for file in site.htmlFiles() {
            let page = try site.page(file)
            let used = Set(page.tags.filter { $0.name == "use" }.compactMap { $0["href"] })
            guard !used.isEmpty else { continue }
            pagesWithIcons += 1
            let ids = page.tags.compactMap { $0["id"] }
            for reference in used {
                #expect(reference.hasPrefix("#rw-i-"), "\(file): <use href=\(reference)>")
                let id = String(reference.dropFirst())
                #expect(
                    ids.filter { $0 == id }.count == 1,
                    "\(file): \(reference) defined \(ids.filter { $0 == id }.count) times")
            }
            let stars = page.source.components(separatedBy: "<path d=\"M8 1 9.88").count - 1
            #expect(stars == 1, "\(file): the star's path \(stars) times, not once in the page's symbols")
        }
        #expect(
            pagesWithIcons >= MainSite.expected.count, "icons are drawn on the gallery, repository and widget pages")
    }

    @Test("links inside the site are relative and resolve")
    func relativeLinks() async throws {
        let site = try await MainSite.site()
        for file in site.htmlFiles() where file != "404.html" {
            for tag in try site.page(file).tags {
                for attr in ["href", "src"] {
                    guard let ref = tag[attr] else { continue }
                    #expect(!(ref.hasPrefix("/") && !ref.hasPrefix("//")), "\(file): root-absolute \(attr)=\(ref)")
                    if let target = resolveRelative(ref, fromPage: file), !ref.hasPrefix("/") {
                        #expect(site.exists(target), "\(file): \(attr)=\(ref) → missing \(target)")
                    }
                }
            }
        }
    }

    @Test("the gallery shows every repository in both sizes")
    func galleryIndex() async throws {
        let site = try await MainSite.site()
        let index = try site.page("index.html")
        for repo in MainSite.expected {
            for size in ["medium", "large"] {
                #expect(
                    index.widgetRoots.contains { $0["data-widget"] == size && $0["data-repo"] == repo.config },
                    "index.html: no \(size) widget with data-repo=\(repo.config)")
            }
        }
        #expect(index.visibleText.contains("E2E Gallery"))
        #expect(index.source.contains("<em>gallery</em>"), "the Markdown description is rendered")
        #expect(Set(index.states) == ["fresh"], "states: \(Set(index.states))")
    }

    @Test("the token goes to API requests only; every API request has the GitHub headers")
    func tokenAndHeaders() async throws {
        let site = try await MainSite.site()
        #expect(!site.apiRequests.isEmpty, "\(site)")
        let withoutToken = site.apiRequests.filter { $0.header("authorization") != "Bearer \(MainSite.token)" }
        #expect(withoutToken.isEmpty, "API requests without `Authorization: Bearer <GITHUB_TOKEN>`: \(withoutToken)")
        let withoutAccept = site.apiRequests.filter {
            $0.header("accept")?.contains("application/vnd.github+json") != true
        }
        #expect(withoutAccept.isEmpty, "API requests without `Accept: application/vnd.github+json`: \(withoutAccept)")
        let withoutVersion = site.apiRequests.filter { $0.header("x-github-api-version") != "2022-11-28" }
        #expect(withoutVersion.isEmpty, "API requests without `X-GitHub-Api-Version: 2022-11-28`: \(withoutVersion)")
        let withoutAgent = site.apiRequests.filter { ($0.header("user-agent") ?? "").isEmpty }
        #expect(withoutAgent.isEmpty, "API requests without a User-Agent: \(withoutAgent)")

        #expect(!site.avatarRequests.isEmpty, "no avatar was downloaded\n\(site)")
        let leaked = site.avatarRequests.filter { $0.header("authorization") != nil }
        #expect(
            leaked.isEmpty,
            "the token was sent to \(leaked.count) of \(site.avatarRequests.count) avatar requests: \(leaked)")

        #expect(
            !site.result.stdout.contains(MainSite.token) && !site.result.stderr.contains(MainSite.token),
            "the token was printed")
        for file in site.files() {
            let data = try Data(contentsOf: site.url(file))
            #expect(data.range(of: Data(MainSite.token.utf8)) == nil, "token written to public/\(file)")
        }
    }

    @Test("the API is asked exactly what the contract says")
    func apiRequests() async throws {
        let site = try await MainSite.site()
        let api = site.apiRequests
        for repo in MainSite.expected {
            #expect(
                api.contains { $0.pathOnly.lowercased() == "/repos/\(repo.config.lowercased())" },
                "\(repo.config) not requested")
            let contributors = api.first {
                $0.pathOnly.lowercased() == "/repos/\(repo.fullName.lowercased())/contributors"
            }
            let request = try #require(contributors, "no contributors request for \(repo.fullName)\n\(site)")
            #expect(request.query?.contains("per_page=") == true, "\(request)")
            // GitHub's star history, after the cards: its first page (the fixture server's empty one
            // ends the reading there), asked by the name in site.yml.
            let history = api.filter {
                $0.pathOnly.lowercased() == "/repos/\(repo.config.lowercased())/stargazers/history"
            }
            #expect(
                history.map(\.query) == ["per_page=30&page=1"] && history.allSatisfy { $0.status == 200 },
                "\(repo.config)'s star history: \(history)\n\(site.result.stderr)\n\(site.result.stdout)")
        }
        let counts = Dictionary(grouping: api, by: \.path).mapValues(\.count)
        #expect(counts.filter { $0.value > 1 }.isEmpty, "requested more than once: \(counts.filter { $0.value > 1 })")
        // GraphQL has no route here: its 404 is the fallback to REST's combined count (OpenCountsEndToEndTests).
        let unexpected = site.requests.filter {
            $0.status == 404 && !MainSite.missingAvatarPaths.contains($0.pathOnly) && !$0.isGraphQL
        }
        #expect(unexpected.isEmpty, "requests outside the fixture routes: \(unexpected)")
        #expect(api.allSatisfy { $0.method == "GET" })
    }

    @Test("avatars are content-addressed and deduplicated")
    func avatarFiles() async throws {
        let site = try await MainSite.site()
        let files = site.files().filter { $0.hasPrefix("avatars/") }
        var seen: [Data: String] = [:]
        for file in files {
            let data = try Data(contentsOf: site.url(file))
            if let other = seen[data] { Issue.record("\(file) and \(other) have the same bytes") }
            seen[data] = file
        }
        // octocat's avatar (same URL) is used by three repositories: one file.
        let paths = try ["octocat/Hello-World", "kennethreitz/requests", "PyCQA/flake8"].map {
            try site.snapshotRepo($0)?["contributors"]?[0]?["avatar"]?.string
        }
        #expect(paths.allSatisfy { $0 != nil && $0 == paths[0] }, "\(paths)")
        let owners = try ["octocat/Hello-World", "twbs/bootstrap"].map {
            try site.snapshotRepo($0)?["owner_avatar"]?.string
        }
        #expect(owners[0] != nil && owners[0] != owners[1], "different avatars share a file: \(owners)")
    }
}

/// Checks one stat hook: `data-value` is the raw integer and the visible text shows it grouped.
func expectStat(
    _ stats: [String: HookStat], _ name: String, _ value: Int, in path: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let stat = try #require(stats[name], "\(path): no data-stat=\"\(name)\"", sourceLocation: sourceLocation)
    #expect(
        stat.value == String(value), "\(path): data-stat=\(name) data-value=\(stat.value ?? "nil")",
        sourceLocation: sourceLocation)
    let grouped = groupedDecimal(value)
    #expect(
        stat.text.contains(grouped), "\(path): \(name) should show \(grouped); text: \(stat.text)",
        sourceLocation: sourceLocation)
}

/// 171281 → "171,281".
func groupedDecimal(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (i, ch) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
        out.append(ch)
    }
    return value < 0 ? "-" + out : out
}
