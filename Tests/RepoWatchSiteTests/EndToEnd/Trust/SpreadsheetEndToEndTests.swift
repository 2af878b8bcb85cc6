import Foundation
import Testing

/// `data/repos.csv` as the built binary writes it from GitHub's text, opened the way spreadsheets
/// open it: split on `,`, on `;` (many European locales) and on tabs (`CSVInjectionTests.formulas`).
/// GitHub's descriptions hold OWASP's CSV injection cases behind each separator.
@Suite("End-to-end: repos.csv holds no formula for any separator", .timeLimit(.minutes(10)))
struct SpreadsheetEndToEndTests {
    static let descriptions = [
        "acme/one": "Tools;=1+1;@SUM(1+1)",
        "acme/two": "=cmd|' /C calc'!A0\t=1+1,+1+1",
        "acme/three": "Tools\n-2+3+cmd|' /C calc'!A0\r@SUM(1+1)*cmd|' /C calc'!A0",
        "acme/four": "x; \"=HYPERLINK(\"\"http://evil.example\"\",\"\"click\"\")\"",
    ]

    @Test("every description stays text in a spreadsheet splitting on `,`, `;` or tabs")
    func noFormula() async throws {
        var routes: [FixtureRoute] = [.post("/graphql", .json(["message": "Problems parsing JSON"], status: 400))]
        for (name, description) in Self.descriptions {
            routes.append(
                .get("/repos/\(name)", .json(HostileTextEndToEndTests.document(name, description: description))))
            routes.append(.get("/repos/\(name)/contributors", .json([])))
        }
        let server = try await FixtureServer.start(routes: routes)
        defer { server.stop() }
        let site = try PrivateSite(
            "spreadsheet",
            site: "title: Sheets\nopen_data: true\nrepos:\n"
                + Self.descriptions.keys.sorted().map { "  - \($0)\n" }.joined())
        defer { site.dir.remove() }
        let result = try await site.build(server)
        #expect(result.status == 0, "\(result)")
        let csv = try site.read("data/repos.csv")
        // The descriptions arrived (inert), or this case would prove nothing.
        for part in ["Tools;'=1+1", "HYPERLINK", "cmd|' /C calc'!A0", "SUM(1+1)"] {
            #expect(csv.contains(part), "\(part) is not in repos.csv:\n\(csv)")
        }
        let found = try CSVInjectionTests.formulas(in: csv)
        #expect(found.isEmpty, "\(found)")
    }
}
