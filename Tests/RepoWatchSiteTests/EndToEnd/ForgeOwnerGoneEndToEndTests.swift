import Foundation
import Testing

/// A Codeberg organization with a card, then not listed: a 404 (gone, or private or limited since)
/// drops its card, its files and its shelf entry; a 502 keeps the last card, marked stale.
@Suite("End-to-end: a forge owner that can no longer be listed", .timeLimit(.minutes(10)))
struct ForgeOwnerGoneEndToEndTests {
    enum Fault: String, CaseIterable, Sendable {
        case gone, serverError

        var status: Int { self == .gone ? 404 : 502 }
    }

    @Test(arguments: Fault.allCases)
    func cardAfterFault(_ fault: Fault) async throws {
        let api = GiteaRoutes.api
        let failing = GiteaRoutes.file("org-forgejo.json", status: fault.status)
        // The organization's answers, then the list's, answer the fault from the second build on.
        let routes =
            ForgeOwnersEndToEndTests.codebergRoutes().map { route -> FixtureRoute in
                guard route.path == "\(api)/orgs/forgejo" || route.path == "\(api)/orgs/forgejo/repos" else {
                    return route
                }
                var changed = route
                changed.responses = [route.responses[0], failing]
                return changed
            } + [.get("\(api)/users/forgejo", failing)]
        let site = try await ForgeOwnerSite.start(
            "forge-owner-\(fault)", on: .codeberg, routes: routes, owners: [["- owner: codeberg.org/forgejo"]])
        defer { site.remove() }
        let dir = site.dir
        let folder = dir.url.appendingPathComponent("public/owners/codeberg.org/forgejo")
        let shelf = dir.url.appendingPathComponent(".repowatch/owner-cards.json")
        func card() throws -> [String: Any]? {
            let data = try Data(contentsOf: dir.url.appendingPathComponent("public/data/owners.json"))
            let owners = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["owners"] as? [[String: Any]]
            return owners?.first { $0["owner"] as? String == "codeberg.org/forgejo" }
        }
        for round in 1...2 {
            let result = try await site.build()
            // JSONSerialization writes `/` as `\/`.
            let shelved = ((try? String(contentsOf: shelf, encoding: .utf8)) ?? "").replacingOccurrences(
                of: "\\/", with: "/")
            if round == 1 {
                #expect(result.status == 0, "\(result)")
                #expect(try card()?["state"] as? String == "fresh")
                #expect(shelved.contains("codeberg.org/forgejo"), "\(shelved)")
                continue
            }
            switch fault {
            case .gone:
                #expect(result.status == 1, "a missing owner is an error: \(result)")
                #expect(try card() == nil)
                #expect(!FileManager.default.fileExists(atPath: folder.path))
                #expect(!shelved.contains("codeberg.org/forgejo"), "\(shelved)")
            case .serverError:
                #expect(try card()?["state"] as? String == "stale", "\(result)")
                #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("stats.svg").path))
                #expect(shelved.contains("codeberg.org/forgejo"), "\(shelved)")
            }
        }
    }
}
