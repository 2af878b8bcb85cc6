import Foundation
import Testing

/// The action's `pagefind` step: Pagefind for `search: true`, found where it already is, never
/// fetched here (every case finds a stand-in first, or needs none), and handed to the build.
@Suite("The action's Pagefind step", .timeLimit(.minutes(10)))
struct ActionPagefindTests {
    /// A stand-in `pagefind` at `path` that says it is `version`.
    static func fake(at path: URL, version: String = "1.5.2") throws {
        try StandIn.write("#!/bin/sh\necho 'pagefind \(version)'\n", to: path)
    }

    @Test("installed only when site.yml says search: true; the pinned version found on PATH or in the tool cache")
    func findsOrSkips() throws {
        let dir = try TempDir("action-pagefind")
        defer { dir.remove() }
        let onPath = dir.url.appendingPathComponent("bin/pagefind")
        try Self.fake(at: onPath)
        let cache = dir.url.appendingPathComponent("toolcache")
        let cached = cache.appendingPathComponent("pagefind-bin/1.5.2/pagefind_bin/pagefind")
        try Self.fake(at: cached)
        try dir.write("on.yml", "title: x\nsearch: true   # the index\nrepos: [a/b]\n")
        try dir.write("quoted.yml", "search: True\nrepos: [a/b]\n")
        try dir.write("off.yml", "search: false\nrepos: [a/b]\n")
        try dir.write("nested.yml", "repos: [a/b]\nwidgets:\n  - kind: single\n    search: true\n")
        let system = "/usr/bin:/bin"
        let base = ["INPUT_PAGEFIND": "1.5.2", "RUNNER_TOOL_CACHE": cache.path]

        let (found, outputs) = try ActionScriptTests.step(
            "pagefind", in: dir.url,
            base.merging(["INPUT_CONFIG": "on.yml", "PATH": onPath.deletingLastPathComponent().path + ":" + system]) {
                $1
            })
        #expect(found.status == 0 && outputs["executable"] == onPath.path, "\(found.output)")

        let (fromCache, cacheOutputs) = try ActionScriptTests.step(
            "pagefind", in: dir.url, base.merging(["INPUT_CONFIG": "quoted.yml", "PATH": system]) { $1 })
        #expect(fromCache.status == 0 && cacheOutputs["executable"] == cached.path, "\(fromCache.output)")

        for config in ["off.yml", "nested.yml"] {
            let (skipped, none) = try ActionScriptTests.step(
                "pagefind", in: dir.url, base.merging(["INPUT_CONFIG": config, "PATH": system]) { $1 })
            #expect(skipped.status == 0 && none.isEmpty && skipped.output.contains("no Pagefind needed"), "\(config)")
        }
        let (empty, emptyOutputs) = try ActionScriptTests.step(
            "pagefind", in: dir.url, ["INPUT_PAGEFIND": "", "INPUT_CONFIG": "on.yml", "PATH": system])
        #expect(empty.status == 0 && emptyOutputs.isEmpty, "\(empty.output)")
    }

    @Test(
        "a Japanese or Chinese site gets Pagefind's extended build, on PATH or in the tool cache; others the plain one")
    func extendedForWordSplitting() throws {
        let dir = try TempDir("action-pagefind-extended")
        defer { dir.remove() }
        let plain = dir.url.appendingPathComponent("bin/pagefind")
        let extended = dir.url.appendingPathComponent("bin/pagefind_extended")
        try Self.fake(at: plain)
        try Self.fake(at: extended)
        let cache = dir.url.appendingPathComponent("toolcache")
        let cached = cache.appendingPathComponent("pagefind-bin-extended/1.5.2/pagefind_bin_extended/pagefind_extended")
        try Self.fake(at: cached)
        try dir.write("ja.yml", "search: true\nlocale: ja\nrepos: [a/b]\n")
        try dir.write("zh.yml", "search: true\nlocale: \"zh-Hans\"  # Chinese\nrepos: [a/b]\n")
        try dir.write("ko.yml", "search: true\nlocale: ko\nrepos: [a/b]\n")
        try dir.write("nested.yml", "search: true\nrepos: [a/b]\nwidgets:\n  - kind: single\n    locale: ja\n")
        let system = "/usr/bin:/bin"
        let path = plain.deletingLastPathComponent().path + ":" + system
        let base = ["INPUT_PAGEFIND": "1.5.2", "RUNNER_TOOL_CACHE": cache.path]
        for (config, expected) in [
            ("ja.yml", extended.path), ("zh.yml", extended.path), ("ko.yml", plain.path), ("nested.yml", plain.path),
        ] {
            let (run, outputs) = try ActionScriptTests.step(
                "pagefind", in: dir.url, base.merging(["INPUT_CONFIG": config, "PATH": path]) { $1 })
            #expect(run.status == 0 && outputs["executable"] == expected, "\(config): \(run.output)")
        }
        let (fromCache, cacheOutputs) = try ActionScriptTests.step(
            "pagefind", in: dir.url, base.merging(["INPUT_CONFIG": "ja.yml", "PATH": system]) { $1 })
        #expect(fromCache.status == 0 && cacheOutputs["executable"] == cached.path, "\(fromCache.output)")
    }

    @Test("the version is checked before anything runs with it")
    func hostileVersion() throws {
        let dir = try TempDir("action-pagefind-hostile")
        defer { dir.remove() }
        try dir.write("site.yml", "search: true\nrepos: [a/b]\n")
        for hostile in ["1.5.2; rm -rf /", "latest", "1.5.2\nexecutable=/bin/sh", "../1.5.2"] {
            let (run, outputs) = try ActionScriptTests.step(
                "pagefind", in: dir.url, ["INPUT_PAGEFIND": hostile, "INPUT_CONFIG": "site.yml"])
            #expect(run.status != 0 && outputs.isEmpty, "\(hostile): \(run.output)")
        }
    }

    @Test("run hands the step's Pagefind to the build as REPOWATCH_PAGEFIND, and no token to anything else")
    func runPassesIt() throws {
        let dir = try TempDir("action-pagefind-run")
        defer { dir.remove() }
        let binary = dir.url.appendingPathComponent("repowatch-site")
        try StandIn.write("#!/bin/sh\necho \"pagefind=${REPOWATCH_PAGEFIND:-none}\"\n", to: binary)
        let base = ["BINARY_FROM_CACHE": binary.path, "INPUT_CONFIG": "site.yml", "INPUT_OUTPUT": "public"]
        let (with, _) = try ActionScriptTests.step(
            "run", in: dir.url, base.merging(["PAGEFIND_EXECUTABLE": "/opt/pagefind"]) { $1 })
        #expect(with.status == 0 && with.output.contains("pagefind=/opt/pagefind"), "\(with.output)")
        let (without, _) = try ActionScriptTests.step("run", in: dir.url, base)
        #expect(without.status == 0 && without.output.contains("pagefind=none"), "\(without.output)")
    }
}
