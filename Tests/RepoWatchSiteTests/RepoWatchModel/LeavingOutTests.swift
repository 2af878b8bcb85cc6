import Foundation
import Testing

@testable import RepoWatchModel

/// Leaving repositories out moves nothing else: every repository left keeps the files (`outputs:`)
/// and default widgets it would have had if the removed ones had never been listed. Tried over every
/// placement of private repositories among `repos:` entries and two owners' lists, under every pair
/// of `outputs:` settings.
@Suite struct LeavingOutTests {
    static let reposVariants: [[String]] = [[], ["pub/a"], ["priv/x", "pub/a"], ["pub/a", "priv/y"], ["priv/x"]]

    struct Case: CustomStringConvertible {
        var repos: [String]
        var first: RepoOutputs
        var second: RepoOutputs
        /// Which of each owner's three repositories are private, as bits.
        var firstPrivate: Int
        var secondPrivate: Int

        var description: String { "\(repos) \(first)/\(firstPrivate) \(second)/\(secondPrivate)" }
    }

    static var cases: [Case] {
        var cases: [Case] = []
        for repos in reposVariants {
            for first in RepoOutputs.allCases {
                for second in RepoOutputs.allCases {
                    for firstPrivate in 0..<8 {
                        for secondPrivate in 0..<8 {
                            cases.append(
                                Case(
                                    repos: repos, first: first, second: second, firstPrivate: firstPrivate,
                                    secondPrivate: secondPrivate))
                        }
                    }
                }
            }
        }
        return cases
    }

    static func name(_ text: String) -> RepoName { RepoName.parse(text).value! }

    /// The site with the owners' lists as given (`keep`: which of their names are listed).
    static func site(_ test: Case, keepingPrivate: Bool) throws -> SiteConfig {
        var first = OwnerSource(owner: "one")
        first.outputs = test.first
        var second = OwnerSource(owner: "two")
        second.outputs = test.second
        func names(_ owner: String, _ mask: Int) -> [RepoName] {
            (0..<3).filter { keepingPrivate || mask & (1 << $0) == 0 }.map {
                name(mask & (1 << $0) == 0 ? "\(owner)/pub\($0)" : "\(owner)/priv\($0)")
            }
        }
        let repos = test.repos.filter { keepingPrivate || !$0.hasPrefix("priv/") }.map(name)
        var config = SiteConfig(repos: repos)
        config.owners = [first, second]
        return try config.resolving([
            .init(source: first, names: names("one", test.firstPrivate)),
            .init(source: second, names: names("two", test.secondPrivate)),
        ]).config
    }

    @Test func everyRepositoryLeftKeepsItsOutputsAndWidgets() throws {
        for test in Self.cases {
            var leftOut = try Self.site(test, keepingPrivate: true)
            let keys = Set(leftOut.repos.map(\.key).filter { $0.contains("/priv") || $0.hasPrefix("priv/") })
            leftOut.leaveOut(keys)
            let never = try Self.site(test, keepingPrivate: false)
            #expect(leftOut.repos == never.repos, "\(test)")
            #expect(
                leftOut.repos.indices.map(leftOut.outputs(at:)) == never.repos.indices.map(never.outputs(at:)),
                "\(test)")
            #expect(Array(leftOut.widgets) == Array(never.widgets), "\(test)")
        }
    }

    @Test func aListedWidgetNamingALeftOutRepositoryIsReturnedByItsPosition() {
        let open = Self.name("pub/a")
        let hidden = Self.name("priv/x")
        var config = SiteConfig(
            repos: [open, hidden],
            widgets: [
                .init(kind: .single(open, sizes: [.medium])),
                .init(kind: .double(id: "pair", top: open, bottom: hidden)),
                .init(kind: .single(hidden, sizes: [.large])),
            ])
        config.hasWidgetList = true
        #expect(config.leaveOut([hidden.key]) == [1, 2])
        #expect(Array(config.widgets) == [.init(kind: .single(open, sizes: [.medium]))])
    }
}
