import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSupport

/// `notify:` in site.yml: targets read with their defaults, and every mistake at its line and column,
/// a webhook URL written in the file above all (the file is committed; the URL is a secret).
@Suite("site.yml: notify targets")
struct NotifyConfigTests {
    static let secretURL = "https://hooks.slack.com/services/T000/B000/XXXXSECRET"

    func load(_ yaml: String) throws -> ConfigLoader.LoadedConfig {
        try ConfigLoader(file: "site.yml", locales: .builtIn).parse(yaml)
    }

    func problems(_ yaml: String) -> [Diagnostic] {
        do {
            return try load(yaml).warnings
        } catch let error as DiagnosticsError {
            return error.diagnostics
        } catch {
            Issue.record("\(error)")
            return []
        }
    }

    @Test("targets with their defaults, and each key read")
    func targets() throws {
        let config = try load(
            """
            repos:
              - apple/swift
            notify:
              - format: slack
                url_env: SLACK_WEBHOOK_URL
              - format: json
                url_env: HOOK
                events: [release, archived]
                repos: [Apple/Swift]
                prereleases: true
                digest: 12
            """
        ).config
        #expect(config.notify.count == 2)
        let slack = try #require(config.notify.first)
        #expect(slack.format == .slack && slack.urlEnv == "SLACK_WEBHOOK_URL")
        #expect(slack.events == [.release, .milestone, .woke] && slack.repos == nil)
        #expect(!slack.prereleases && slack.digest == 5 && slack.line == 4 && slack.column == 5)
        let json = config.notify[1]
        #expect(json.events == [.release, .archived] && json.repos == ["apple/swift"])
        #expect(json.prereleases && json.digest == 12 && json.id == "json:HOOK")
        #expect(config.notifyPlace?.line == 3 && config.notifyPlace?.column == 1)
    }

    @Test("a webhook URL in site.yml is an error at its place, and no message repeats it")
    func urlInSiteFile() {
        for (yaml, place) in [
            ("notify:\n  - format: slack\n    url_env: \(Self.secretURL)\n", "5:14"),
            ("notify:\n  - format: slack\n    url: \(Self.secretURL)\n    url_env: X\n", "5:5"),
            ("notify:\n  - format: \(Self.secretURL)\n    url_env: X\n", "4:13"),
        ] {
            let found = problems("repos:\n  - apple/swift\n" + yaml)
            let errors = found.filter { $0.severity == .error }
            #expect(errors.map { "\($0.line):\($0.column)" }.contains(place), "\(found)")
            #expect(!found.contains { $0.description.contains("hooks.slack.com") }, "\(found)")
        }
    }

    @Test("each mistake at its line and column")
    func mistakes() {
        let found = problems(
            """
            repos:
              - apple/swift
            notify:
              - format: slak
                url_env: A
              - url_env: B
              - format: discord
              - format: teams
                url_env: C
                events: [release, stars]
                digest: 0
                prereleases: sometimes
                colour: blue
              - format: json
                url_env: 1BAD
              - format: slack
                url_env: A
            """
        )
        let listed = found.map { "\($0.line):\($0.column) \($0.severity.rawValue)" }
        #expect(
            listed == [
                "4:13 error", "6:5 error", "7:5 error", "10:23 error", "11:13 error", "12:18 error", "13:5 warning",
                "15:14 error",
            ], "\(found)")
        #expect(found.first?.message.contains("did you mean 'slack'") == true, "\(found)")
        #expect(found.contains { $0.message.contains("no `url_env:`") })
    }

    @Test("the same target twice is an error pointing at the first")
    func twice() {
        let found = problems(
            "repos:\n  - apple/swift\nnotify:\n  - format: slack\n    url_env: A\n  - format: slack\n    url_env: A\n")
        #expect(
            found.map(\.description) == [
                "site.yml:6:5: error: a slack target with url_env A is listed twice (first at line 4); each would get every entry"
            ])
    }

    @Test("the webhook address: https anywhere, http only on loopback")
    func addresses() {
        #expect(WebhookAddress.check("https://hooks.slack.com/services/x") != nil)
        #expect(WebhookAddress.check("http://127.0.0.1:8080/hook") != nil)
        #expect(WebhookAddress.check("http://localhost/hook") != nil)
        #expect(WebhookAddress.check("http://[::1]:9/hook") != nil)
        #expect(WebhookAddress.check("http://hooks.slack.com/services/x") == nil)
        #expect(WebhookAddress.check("http://127.0.0.1.evil.example/hook") == nil)
        #expect(WebhookAddress.check("ftp://127.0.0.1/hook") == nil)
        #expect(WebhookAddress.check("javascript:alert(1)") == nil)
    }

    @Test("prereleases by their tag; dates and revisions are not")
    func prereleaseTags() {
        for tag in ["v2.0.0-rc.1", "1.2.0-beta.2", "v3.0.0-alpha", "v2rc1", "5.4.0-preview1", "v1.0.0-dev"] {
            #expect(NotifyTarget.isPrerelease(tag), "\(tag)")
        }
        for tag in ["v1.0.0", "5.3.8", "2026-11-28", "release-1.2", "v1.2.3-1", "swift-6.0-RELEASE"] {
            #expect(!NotifyTarget.isPrerelease(tag), "\(tag)")
        }
    }
}
