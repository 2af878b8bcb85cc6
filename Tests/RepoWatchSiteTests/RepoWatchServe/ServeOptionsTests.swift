import Testing

@testable import RepoWatchServe
@testable import RepoWatchSite
@testable import RepoWatchSupport

/// `serve`'s options are checked in their initializer, which the command line's `validate()` calls:
/// each wrong value is refused there, naming its flag, and the accepted ones are kept normalized.
@Suite struct ServeOptionsTests {
    static var refusals: [(flag: String, make: () throws -> ServeOptions)] {
        [
            ("--base-path", { try ServeOptions(build: BuildOptions(), basePath: "/../x/") }),
            ("--base-path", { try ServeOptions(build: BuildOptions(), basePath: "/a b/") }),
            ("--host", { try ServeOptions(build: BuildOptions(), host: "example.com") }),
            ("--host", { try ServeOptions(build: BuildOptions(), host: "256.0.0.1") }),
            ("--live-reload-ping", { try ServeOptions(build: BuildOptions(), liveReloadPing: 0) }),
            ("--live-reload-ping", { try ServeOptions(build: BuildOptions(), liveReloadPing: 86_401) }),
            ("--idle-timeout", { try ServeOptions(build: BuildOptions(), idleSeconds: -1) }),
            ("--idle-timeout", { try ServeOptions(build: BuildOptions(), idleSeconds: .nan) }),
        ]
    }

    @Test func everyWrongValueIsRefusedNamingItsFlag() {
        for (flag, make) in Self.refusals {
            do {
                _ = try make()
                Issue.record("\(flag): accepted")
            } catch let error as UsageError {
                #expect(error.description.hasPrefix(flag), "\(error)")
            } catch {
                Issue.record("\(flag): \(error)")
            }
        }
    }

    @Test func acceptedValuesAreKeptNormalized() throws {
        let options = try ServeOptions(
            build: BuildOptions(), port: 0, host: "[::1]", basePath: "watch", liveReloadPing: 0.5, idleSeconds: 86_400)
        #expect(options.host == "::1" && options.basePath == "/watch/" && options.port == 0)
        #expect(options.liveReloadPing == .milliseconds(500) && options.idleSeconds == 86_400)
        let defaults = try ServeOptions(build: BuildOptions())
        #expect(defaults.host == "127.0.0.1" && defaults.basePath == "/" && defaults.port == 8000)
        #expect(try ServeOptions(build: BuildOptions(), host: "localhost").host == "127.0.0.1")
    }
}
