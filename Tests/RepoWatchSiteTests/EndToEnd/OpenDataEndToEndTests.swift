import Foundation
import Testing

/// `data/repos.json`, its schema, `data/repos.csv`, each repository's `history.csv` and badges, as
/// a script would read them: Python's `jsonschema` and `csv` modules.
@Suite("End-to-end: open data", .timeLimit(.minutes(10)))
struct OpenDataEndToEndTests {
    /// Validates every JSON file that has a schema (repos.json against repos.schema.json, each badge's
    /// endpoint JSON against shields.io's endpoint shape) and parses every CSV; prints what it read.
    static let checker = #"""
        import csv, json, os, sys
        import jsonschema
        root = sys.argv[1]
        out = {"errors": [], "repos_json": None, "repos_csv": [], "history_csv": {}, "badges": {}}
        def load(path):
            with open(os.path.join(root, path), encoding="utf-8") as f:
                return json.load(f)
        schema = load("data/repos.schema.json")
        jsonschema.Draft202012Validator.check_schema(schema)
        repos = load("data/repos.json")
        for error in jsonschema.Draft202012Validator(schema).iter_errors(repos):
            out["errors"].append("repos.json: " + error.message)
        out["repos_json"] = repos
        endpoint = {"type": "object", "required": ["schemaVersion", "label", "message", "color"],
                    "additionalProperties": False,
                    "properties": {"schemaVersion": {"const": 1}, "label": {"type": "string"},
                                   "message": {"type": "string", "minLength": 1}, "color": {"type": "string", "minLength": 1}}}
        def read_csv(path):
            with open(os.path.join(root, path), encoding="utf-8", newline="") as f:
                rows = list(csv.reader(f, strict=True))
            with open(os.path.join(root, path), "rb") as f:
                if not f.read().endswith(b"\r\n"):
                    out["errors"].append(path + ": the last record does not end with CRLF")
            return rows
        out["repos_csv"] = read_csv("data/repos.csv")
        for dirpath, _, files in os.walk(os.path.join(root, "repos")):
            rel = os.path.relpath(dirpath, root)
            for name in files:
                path = os.path.join(rel, name)
                if name == "history.csv":
                    out["history_csv"][rel] = read_csv(path)
                elif rel.endswith("/badges") and name.endswith(".json"):
                    value = load(path)
                    for error in jsonschema.Draft202012Validator(endpoint).iter_errors(value):
                        out["errors"].append(path + ": " + error.message)
                    out["badges"][path] = value
        print(json.dumps(out))
        """#

    struct Checked: Decodable {
        let errors: [String]
        let reposCsv: [[String]]
        let historyCsv: [String: [[String]]]
        let badges: [String: [String: JSONValue]]
    }

    static func check(_ site: BuiltSite) throws -> (Checked, JSONValue) {
        let run = try PythonRun.run(checker, [site.output.path])
        #expect(run.status == 0, "\(run.stderr)")
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let checked = try decoder.decode(Checked.self, from: run.stdout)
        let whole = try JSONValue.decode(run.stdout)
        return (checked, whole["repos_json"] ?? .null)
    }

    @Test("repos.json validates against its schema and says what snapshot.json says; repos.csv is the same rows")
    func reposFiles() async throws {
        let site = try await DashboardSite.site()
        #expect(site.result.status == 0, "\(site)")
        let (checked, json) = try Self.check(site)
        #expect(checked.errors.isEmpty, "\(checked.errors)")
        #expect(json["schema"]?.int == 1)
        #expect(json["generated_at"]?.string == "2026-11-22T12:00:00Z")
        let snapshot = try site.snapshot()
        let records = json["repos"]?.array ?? []
        let fromSnapshot = snapshot["repos"]?.array ?? []
        #expect(records.count == MainSite.expected.count && fromSnapshot.count == records.count)
        for (record, repo) in zip(records, fromSnapshot) {
            #expect(record["config_name"] == repo["config_name"])
            for key in ["stars", "forks", "open_issues", "open_pulls", "days_since_push", "pushed_at", "archived"] {
                #expect(record[key] == repo[key], "\(key) of \(record["config_name"])")
            }
            #expect(record["state"]?.string == (repo["stale"]?.bool == true ? "stale" : "fresh"))
            #expect(record["page"]?.string == "repos/\(record["config_name"]?.string?.lowercased() ?? "")/")
            let logins = (repo["contributors"]?.array ?? []).map { $0["login"] ?? .null }
            #expect((record["contributors"]?.array ?? []).map { $0["login"] ?? .null } == logins)
        }
        let header = try #require(checked.reposCsv.first)
        #expect(header.first == "name" && header.contains("stars") && header.contains("description"))
        #expect(checked.reposCsv.count == records.count + 1)
        for (row, record) in zip(checked.reposCsv.dropFirst(), records) {
            #expect(row.count == header.count)
            let cells = Dictionary(uniqueKeysWithValues: zip(header, row))
            #expect(cells["config_name"] == record["config_name"]?.string)
            #expect(cells["stars"] == record["stars"]?.int.map(String.init))
            #expect(cells["forks"] == record["forks"]?.int.map(String.init))
        }
        // A description full of markup and quotes arrives whole in both files, and inert in the JSON text.
        let hostile = records.first { $0["description"]?.string == MainSite.hostileDescription }
        #expect(hostile != nil, "the hostile description did not survive")
        #expect(checked.reposCsv.contains { $0.last == MainSite.hostileDescription })
        let text = try site.read("data/repos.json")
        #expect(!text.contains("<script") && !text.contains("<img"))
    }

    @Test("history.csv: a row for each recorded point, oldest first, the build's own point last")
    func historyFiles() async throws {
        let site = try await DashboardSite.site()
        let (checked, _) = try Self.check(site)
        #expect(checked.errors.isEmpty, "\(checked.errors)")
        for (index, repo) in MainSite.expected.enumerated() {
            let rows = try #require(checked.historyCsv["repos/\(repo.config.lowercased())"], "\(repo.config)")
            #expect(rows.first == ["date", "stars", "forks", "open_issues", "open_pulls"])
            let seeded = DashboardSite.seeded(repo, index: index)
            #expect(rows.count == seeded.count + 2, "\(repo.config): \(rows.count) rows")
            #expect(
                rows[1][0] == ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(seeded[0][0]))))
            #expect(rows[1][1] == String(seeded[0][1]))
            #expect(rows.last?[0] == "2026-11-22T12:00:00Z")
            #expect(rows.last?[1] == String(repo.stars))
        }
    }
}

/// Which repositories get which open data files, by `outputs:`, and the switches that turn each off.
@Suite("End-to-end: open data and insights by outputs: and switches", .timeLimit(.minutes(10)))
struct OpenDataOutputsEndToEndTests {
    static let badges = ["stars", "forks", "issues", "pulls", "days", "release"].flatMap {
        ["badges/\($0).svg", "badges/\($0)-dark.svg", "badges/\($0).json"]
    }

    func exists(_ site: OwnerSite, _ path: String) -> Bool {
        FileManager.default.fileExists(atPath: site.dir.url.appendingPathComponent("public/\(path)").path)
    }

    @Test("outputs: all gets badges and history.csv; page gets history.csv; card neither; every owner has a scope")
    func byOutputs() async throws {
        let site = try OwnerSite("open-data-outputs", site: SiteFitEndToEndTests.site)
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: OwnerRoutes.routes())
        defer { server.stop() }
        let result = try await site.build(server)
        #expect(result.status == 0, "\(result)")
        for file in Self.badges + ["history.csv"] {
            #expect(exists(site, "repos/octocat/hello-world/\(file)"), "\(file)")
            #expect(!exists(site, "repos/fixture-org/swift-old/\(file)"), "card: \(file)")
        }
        #expect(exists(site, "repos/yorickpeterse/oga/history.csv"))
        #expect(!exists(site, "repos/yorickpeterse/oga/badges/stars.svg"))
        let page = try site.read("repos/octocat/hello-world/index.html")
        #expect(page.contains("id=\"badge-stars-markdown\"") && page.contains("badges/stars-dark.svg"))
        #expect(
            page.contains(
                "https://img.shields.io/endpoint?url=https%3A%2F%2Fme.github.io%2Ffit%2Frepos%2Foctocat%2Fhello-world%2Fbadges%2Fstars.json"
            ))
        #expect(!(try site.read("repos/yorickpeterse/oga/index.html")).contains("badge-stars"))
        let (checked, json) = try OpenDataEndToEndTests.check(
            BuiltSite(
                dir: site.dir, outputName: "public", result: result, requests: [], base: server.base))
        #expect(checked.errors.isEmpty, "\(checked.errors)")
        #expect(checked.badges.count == 6)
        let card = (json["repos"]?.array ?? []).first { $0["config_name"]?.string == "fixture-org/swift-old" }
        #expect(card?["page"] == .null && card?["source"]?.string == "owner:fixture-org")
        let insights = try site.read("insights/index.html")
        #expect(insights.contains("data-owner=\"yorickpeterse\"") && insights.contains("data-owner=\"fixture-org\""))
        // A card alone links to GitHub from the insights, never to a page that is not written.
        #expect(!insights.contains("../repos/fixture-org/"))
    }

    @Test(
        "insights: false and open_data: false write none of their files and no link",
        arguments: [
            (false, false), (false, true), (true, false),
        ])
    func switchedOff(_ insights: Bool, _ openData: Bool) async throws {
        let yaml = SiteFitEndToEndTests.site + "insights: \(insights)\nopen_data: \(openData)\n"
        let site = try OwnerSite("open-data-off", site: yaml)
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: OwnerRoutes.routes())
        defer { server.stop() }
        let result = try await site.build(server)
        #expect(result.status == 0, "\(result)")
        #expect(exists(site, "insights/index.html") == insights)
        #expect(try site.read("index.html").contains("insights/index.html") == insights)
        for file in [
            "data/repos.json", "data/repos.schema.json", "data/repos.csv",
            "repos/octocat/hello-world/history.csv", "repos/octocat/hello-world/badges/stars.svg",
        ] {
            #expect(exists(site, file) == openData, "\(file)")
        }
        #expect(try site.read("repos/octocat/hello-world/index.html").contains("badge-stars") == openData)
    }
}
