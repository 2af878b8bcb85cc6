import Foundation
import Testing

/// End-to-end scenarios that need a build of their own.
@Suite("End-to-end: scenarios", .timeLimit(.minutes(10)))
struct EndToEndScenarioTests {

    @Test("a repository that 404s: unavailable widget, the rest built, exit 1")
    func unavailableRepository() async throws {
        let site = try await E2E.build(
            "unavailable",
            site: """
                title: Partly missing
                repos:
                  - octocat/Hello-World
                  - pengwynn/octokit

                """,
            routes: [
                .get("/repos/octocat/Hello-World", .shared("repos-get-octocat-Hello-World.json")),
                .get("/repos/octocat/Hello-World/contributors", .shared("openapi-contributors-example.json")),
                .get("/repos/pengwynn/octokit", .shared("interaction-repos-get-404-pengwynn-octokit-2013.json")),
            ])
        defer { site.dir.remove() }

        #expect(site.result.status == 1, "\(site)")
        #expect(
            site.result.stderr.contains("pengwynn/octokit"), "stderr must name the repository:\n\(site.result.stderr)")
        for size in ["medium", "large"] {
            let missing = try site.page("repos/pengwynn/octokit/\(size).html")
            #expect(missing.widgetRoots.first?["data-state"] == "unavailable", "\(size): \(missing.widgetRoots)")
            #expect(missing.widgetRoots.first?["data-repo"] == "pengwynn/octokit")
            let fine = try site.page("repos/octocat/hello-world/\(size).html")
            #expect(fine.widgetRoots.first?["data-state"] == "fresh")
            try expectStat(fine.stats(), "stars", 1437, in: "octocat \(size)")
        }
        #expect(site.exists("repos/pengwynn/octokit/index.html"))
        for file in ["index.html", "404.html", ".nojekyll", "assets/style.css", "data/snapshot.json"] {
            #expect(site.exists(file), "missing public/\(file)")
        }
        let index = try site.page("index.html")
        #expect(
            index.widgetRoots.contains { $0["data-repo"] == "pengwynn/octokit" && $0["data-state"] == "unavailable" })
        #expect(index.widgetRoots.contains { $0["data-repo"] == "octocat/Hello-World" && $0["data-state"] == "fresh" })

        let missingEntry = try #require(try site.snapshotRepo("pengwynn/octokit"), "no snapshot entry for the 404 repo")
        #expect(
            missingEntry["error"]?.string?.isEmpty == false,
            "error: \(missingEntry["error"].map(\.description) ?? "absent")")
        #expect(try site.snapshotRepo("octocat/Hello-World")?["error"]?.isNull == true)
        #expect(try site.snapshotRepo("octocat/Hello-World")?["stars"]?.int == 1437)

        // No token in the environment: no Authorization header at all.
        #expect(site.requests.allSatisfy { $0.header("authorization") == nil }, "\(site.requests.map(\.headers))")
        #expect(!site.requests.contains { $0.pathOnly == "/repos/pengwynn/octokit/contributors" })
    }

    @Test("double widgets: derived and explicit ids, cards in order; GH_TOKEN; --api-url beats GITHUB_API_URL")
    func doubleWidgets() async throws {
        let site = try await E2E.build(
            "double",
            site: """
                title: Doubles
                repos:
                  - twbs/bootstrap
                  - octocat/Hello-World
                widgets:
                  - kind: double
                    top: twbs/bootstrap
                    bottom: octocat/Hello-World
                  - kind: double
                    id: pair
                    top: octocat/Hello-World
                    bottom: twbs/bootstrap
                  - kind: single
                    repo: octocat/Hello-World
                    sizes: [medium, large]

                """,
            routes: [
                .get("/repos/twbs/bootstrap", .shared("repos-get-twbs-bootstrap.json")),
                .get("/repos/twbs/bootstrap/contributors", .shared("openapi-contributors-example.json")),
                .get("/repos/octocat/Hello-World", .shared("repos-get-octocat-Hello-World.json")),
                .get("/repos/octocat/Hello-World/contributors", .shared("openapi-contributors-example.json")),
            ], environment: { _ in ["GH_TOKEN": "gho_e2eDoubleToken", "GITHUB_API_URL": "http://127.0.0.1:9"] })
        defer { site.dir.remove() }

        #expect(site.result.status == 0, "\(site)")
        let cases: [(String, [String], [String])] = [
            (
                "widgets/twbs-bootstrap--octocat-hello-world/large.html", ["twbs/bootstrap", "octocat/Hello-World"],
                ["171281", "1437"]
            ),
            ("widgets/pair/large.html", ["octocat/Hello-World", "twbs/bootstrap"], ["1437", "171281"]),
        ]
        for (path, repos, stars) in cases {
            #expect(site.exists(path), "missing public/\(path)\n\(site)")
            guard site.exists(path) else { continue }
            let page = try site.page(path)
            #expect(page.widgetRoots.first?["data-widget"] == "double", "\(path): \(page.widgetRoots)")
            #expect(page.widgetRoots.first?["data-state"] == "fresh", "\(path): \(page.widgetRoots)")
            let segments = page.segments(by: "data-repo")
            #expect(segments.map { $0.tag["data-repo"] ?? "" } == repos, "\(path)")
            #expect(segments.map { page.stats(from: $0.start, to: $0.end)["stars"]?.value ?? "-" } == stars, "\(path)")
        }
        let index = try site.page("index.html")
        #expect(index.widgetRoots.filter { $0["data-widget"] == "double" }.count == 2, "\(index.widgetRoots)")
        #expect(!site.apiRequests.isEmpty, "--api-url must win over GITHUB_API_URL\n\(site)")
        for request in site.apiRequests {
            #expect(request.header("authorization") == "Bearer gho_e2eDoubleToken", "GH_TOKEN not used: \(request)")
        }
    }

    @Test("GITHUB_API_URL is the API base without --api-url; GITHUB_TOKEN wins over GH_TOKEN")
    func apiURLFromEnvironment() async throws {
        let site = try await E2E.build(
            "env",
            site: """
                title: Env
                repos:
                  - octocat/Hello-World

                """,
            routes: [
                .get("/repos/octocat/Hello-World", .shared("repos-get-octocat-Hello-World.json")),
                .get("/repos/octocat/Hello-World/contributors", .shared("openapi-contributors-example.json")),
            ], arguments: { _ in ["build", "--config", "site.yml", "--output", "public"] },
            environment: { base in ["GITHUB_API_URL": base, "GITHUB_TOKEN": "ghp_primary", "GH_TOKEN": "gho_secondary"]
            })
        defer { site.dir.remove() }

        #expect(site.result.status == 0, "\(site)")
        #expect(site.apiRequests.contains { $0.pathOnly == "/repos/octocat/Hello-World" }, "\(site)")
        for request in site.apiRequests {
            #expect(request.header("authorization") == "Bearer ghp_primary", "\(request)")
        }
        #expect(try site.page("repos/octocat/hello-world/medium.html").stats()["stars"]?.value == "1437")
    }

    @Test("--sample: no network, no token, every widget says sample, deterministic")
    func sampleBuild() async throws {
        let yaml = """
            title: Sample gallery
            colour: blue
            repos:
              - apple/swift
              - twbs/bootstrap
              - kudoleh/iOS-Clean-Architecture-MVVM

            """
        // A server with no routes: the sample build must not ask it anything.
        let site = try await E2E.build(
            "sample", site: yaml, routes: [],
            arguments: { base in
                [
                    "build", "--sample", "--config", "site.yml",
                    "--output", "public", "--api-url", base,
                ]
            })
        defer { site.dir.remove() }

        #expect(site.result.status == 0, "\(site)")
        #expect(site.requests.isEmpty, "the sample build made requests: \(site.requests)")
        let warning = site.result.stderr.split(separator: "\n").first { $0.hasPrefix("site.yml:2:") }
        #expect(
            warning?.contains("warning") == true,
            "unknown key `colour` should be a warning at site.yml:2:\n\(site.result.stderr)")

        let configNames = ["apple/swift", "twbs/bootstrap", "kudoleh/iOS-Clean-Architecture-MVVM"]
        for name in configNames {
            for size in ["medium", "large"] {
                let path = "repos/\(name.lowercased())/\(size).html"
                let page = try site.page(path)
                #expect(page.widgetRoots.first?["data-repo"] == name, "\(path)")
                #expect(page.stats()["stars"]?.value.flatMap(Int.init) != nil, "\(path): no stars value")
            }
        }
        var states: [String] = []
        for file in site.htmlFiles() { states += try site.page(file).states }
        #expect(!states.isEmpty)
        #expect(Set(states) == ["sample"], "data-state values: \(Set(states))")
        let index = try site.page("index.html")
        #expect(
            index.visibleText.lowercased().contains("sample"), "index.html must say visibly that it shows sample data")

        let snapshot = try site.snapshot()
        #expect(snapshot["sample"]?.bool == true)
        let names = Set((snapshot["repos"]?.array ?? []).compactMap { $0["config_name"]?.string })
        #expect(names == Set(configNames))

        // Same input, same now → same snapshot.
        let again = try await BinaryRunner.run(
            ["build", "--sample", "--config", "site.yml", "--output", "public2"], in: site.dir.url,
            environment: BinaryRunner.environment(home: site.dir.url.appendingPathComponent("home")))
        #expect(again.status == 0, "\(again)")
        #expect(
            sameContents(
                site.url("data/snapshot.json"),
                site.dir.url.appendingPathComponent("public2/data/snapshot.json")),
            "two sample builds differ")
    }

    @Test("configuration errors: file:line:col, exit 2, nothing written", arguments: ConfigErrorCase.all)
    func configError(_ scenario: ConfigErrorCase) async throws {
        let site = try await E2E.build(
            "config-error", site: scenario.yaml, routes: [],
            environment: { _ in ["GITHUB_TOKEN": "ghp_unused"] })
        defer { site.dir.remove() }

        #expect(site.result.status == 2, "\(site)")
        let diagnostics = site.result.stderr.split(separator: "\n").compactMap(ConfigDiagnostic.init)
        let errors = diagnostics.filter { $0.severity == "error" }
        #expect(!errors.isEmpty, "no `site.yml:LINE:COL: error: …` line on stderr:\n\(site.result.stderr)")
        #expect(
            errors.contains { $0.line == scenario.line && $0.column >= 1 },
            "expected an error at line \(scenario.line); got \(errors)")
        #expect(!FileManager.default.fileExists(atPath: site.output.path), "public/ was created")
        #expect(site.requests.isEmpty, "a config error must not touch the network: \(site.requests)")
    }
}

struct ConfigErrorCase: Sendable, CustomTestStringConvertible {
    let name: String
    let yaml: String
    let line: Int
    var testDescription: String { name }

    static let all: [ConfigErrorCase] = [
        ConfigErrorCase(
            name: "invalid repository name",
            yaml: """
                title: Broken
                repos:
                  - twbs/bootstrap
                  - not a repo name

                """, line: 4),
        ConfigErrorCase(
            name: "duplicate repository, ignoring case",
            yaml: """
                title: Broken
                repos:
                  - twbs/bootstrap
                  - TWBS/Bootstrap

                """, line: 4),
        ConfigErrorCase(
            name: "widget names a repository that is not in repos",
            yaml: """
                title: Broken
                repos:
                  - twbs/bootstrap
                widgets:
                  - kind: single
                    repo: octocat/Hello-World

                """, line: 6),
    ]
}

/// `site.yml:LINE:COL: error: message`.
struct ConfigDiagnostic: CustomStringConvertible {
    let line: Int
    let column: Int
    let severity: String

    init?(_ text: Substring) {
        let parts = text.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
        guard parts.count >= 4, parts[0].hasSuffix("site.yml"),
            let line = Int(parts[1]), let column = Int(parts[2])
        else { return nil }
        self.line = line
        self.column = column
        self.severity = parts[3].trimmingCharacters(in: .whitespaces)
    }

    var description: String { "site.yml:\(line):\(column): \(severity)" }
}
