import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchRender

/// `charts:` in site.yml: every entry's keys read, every mistake named at its line and column.
@Suite("site.yml charts: keys, defaults and errors at their place")
struct ChartConfigTests {
    static let repos = """
        repos:
          - apple/swift
          - JetBrains/kotlin
          - sallen0400/swift-news

        """

    func load(_ charts: String) throws -> ConfigLoader.LoadedConfig {
        try ConfigLoader(file: "site.yml", locales: .builtIn).parse(Self.repos + charts)
    }

    func problems(_ charts: String) -> [String] {
        do {
            return try load(charts).warnings.map(\.description)
        } catch let error as DiagnosticsError {
            return error.diagnostics.map {
                "\($0.file):\($0.line):\($0.column): \($0.severity.rawValue): \($0.message)"
            }
        } catch {
            Issue.record("\(error)")
            return []
        }
    }

    @Test("an entry's keys and their defaults")
    func keys() throws {
        let config = try load(
            """
            charts:
              - id: swift-vs-kotlin
                repos: [apple/swift, jetbrains/kotlin]
              - id: all-3
                repos: [apple/swift, JetBrains/kotlin, sallen0400/swift-news]
                metric: pulls
                align: age
                scale: log
                title: Three
            """
        ).config
        #expect(config.charts.count == 2)
        let first = config.charts[0]
        #expect(first.id == "swift-vs-kotlin" && first.metric == .stars && first.align == .date)
        #expect(first.scale == .linear && first.title == nil)
        // Names take the spelling of `repos:`.
        #expect(first.repos.map(\.description) == ["apple/swift", "JetBrains/kotlin"])
        let second = config.charts[1]
        #expect(second.metric == .pulls && second.align == .age && second.scale == .log && second.title == "Three")
    }

    @Test(
        "each mistake is an error at its line and column",
        arguments: [
            ("charts: 3", "site.yml:5:9: error: `charts` must be a list"),
            (
                "charts:\n  - id: Swift_Kotlin\n    repos: [apple/swift, JetBrains/kotlin]",
                "site.yml:6:9: error: a chart's `id`"
            ),
            ("charts:\n  - repos: [apple/swift, JetBrains/kotlin]", "site.yml:6:5: error: this chart needs an `id:`"),
            ("charts:\n  - id: a\n    repos: [apple/swift]", "site.yml:7:12: error: a chart compares 2 to 10"),
            ("charts:\n  - id: a\n    repos: [apple/swift, apple/swfit]", "did you mean 'apple/swift'?"),
            (
                "charts:\n  - id: a\n    repos: [apple/swift, apple/swift]",
                "site.yml:7:26: error: apple/swift is in this chart twice"
            ),
            (
                "charts:\n  - id: a\n    repos: [apple/swift, JetBrains/kotlin]\n    metric: stras",
                "site.yml:8:13: error: `metric` must be stars, forks, issues or pulls (got 'stras'); did you mean 'stars'?"
            ),
            (
                "charts:\n  - id: a\n    repos: [apple/swift, JetBrains/kotlin]\n    align: time",
                "site.yml:8:12: error: `align` must be date or age"
            ),
            (
                "charts:\n  - id: a\n    repos: [apple/swift, JetBrains/kotlin]\n    scale: cubic",
                "site.yml:8:12: error: `scale` must be linear or log"
            ),
            (
                "charts:\n  - id: a\n    repos: [apple/swift, JetBrains/kotlin]\n  - id: a\n    repos: [apple/swift, JetBrains/kotlin]",
                "site.yml:8:5: error: two charts have the id 'a' (first at line 6)"
            ),
            (
                "charts:\n  - id: a\n    repos: [apple/swift, JetBrains/kotlin]\n    colour: red",
                "site.yml:8:5: warning: unknown chart key 'colour'"
            ),
        ])
    func mistakes(_ charts: String, _ expected: String) {
        let found = problems(charts)
        #expect(found.contains { $0.contains(expected) }, "\(found)")
    }

    @Test("eleven repositories are too many")
    func tooMany() {
        let names = (1...11).map { "o/r\($0)" }
        let yaml =
            "repos:\n" + names.map { "  - \($0)\n" }.joined() + "charts:\n  - id: many\n    repos: ["
            + names.joined(separator: ", ") + "]\n"
        do {
            _ = try ConfigLoader(file: "site.yml", locales: .builtIn).parse(yaml)
            Issue.record("eleven repositories loaded")
        } catch let error as DiagnosticsError {
            #expect(error.diagnostics.contains { $0.message.contains("this one lists 11") && $0.line == 15 })
        } catch {
            Issue.record("\(error)")
        }
    }
}
