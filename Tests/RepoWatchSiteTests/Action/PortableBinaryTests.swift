import Foundation
import Testing

@testable import RepoWatchSite
@testable import RepoWatchSupport

/// The binary the Action downloads must run on a runner with no Swift toolchain.
@Suite("The portable binary", .timeLimit(.minutes(10)))
struct PortableBinaryTests {
    static let runtimeLibraries = [
        "libswift", "libFoundation", "lib_Foundation", "libdispatch", "libBlocksRuntime", "libicu", "libcmark",
        "libxml2",
    ]

    @Test("readelf: it needs no Swift runtime, Foundation, dispatch or libcmark; ldd finds everything it needs")
    func dependencies() async throws {
        let binary = try await PortableBuild.shared.artifacts().binary
        let environment = ProcessInfo.processInfo.environment
        let readelf = try ProcessOutput.run(
            "/usr/bin/env", ["readelf", "-d", binary.path], in: binary.deletingLastPathComponent(),
            environment: environment)
        #expect(readelf.status == 0, "\(readelf.output)")
        let needed = readelf.output.split(separator: "\n").compactMap { line -> String? in
            guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]")
            else { return nil }
            return String(line[line.index(after: open)..<close])
        }
        #expect(needed.contains { $0.hasPrefix("libc.so") }, "\(needed)")
        for library in needed {
            #expect(!Self.runtimeLibraries.contains { library.hasPrefix($0) }, "needs \(library): \(needed)")
        }
        let allowed = [
            "libc.so", "libm.so", "libstdc++.so", "libgcc_s.so", "libcurl.so", "ld-linux", "libdl.so",
            "libpthread.so", "librt.so",
        ]
        #expect(needed.allSatisfy { library in allowed.contains { library.hasPrefix($0) } }, "\(needed)")

        let ldd = try ProcessOutput.run(
            "/usr/bin/env", ["ldd", binary.path], in: binary.deletingLastPathComponent(), environment: environment)
        #expect(ldd.status == 0 && !ldd.output.contains("not found"), "\(ldd.output)")
        #expect(!ldd.output.contains("swift"), "\(ldd.output)")
    }

    @Test("from an empty environment (env -i, a new HOME): --version, init, build --sample")
    func runsWithoutEnvironment() async throws {
        let binary = try await PortableBuild.shared.artifacts().binary
        let dir = try TempDir("portable")
        defer { dir.remove() }
        let home = dir.url.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        func run(_ arguments: [String], in folder: URL) throws -> ProcessOutput {
            try ProcessOutput.run(
                "/usr/bin/env", ["-i", "HOME=\(home.path)", binary.path] + arguments, in: folder, environment: [:])
        }

        let version = try run(["--version"], in: dir.url)
        #expect(version.status == 0 && version.output == Version.current + "\n", "\(version.output)")
        let initialized = try run(["init", "site"], in: dir.url)
        #expect(initialized.status == 0, "\(initialized.output)")
        let site = dir.url.appendingPathComponent("site")
        let built = try run(["build", "--sample"], in: site)
        #expect(built.status == 0, "\(built.output)")
        for file in ["index.html", ".nojekyll", "data/snapshot.json", "repos/apple/swift/medium.svg"] {
            let path = site.appendingPathComponent("public/" + file).path
            #expect(FileManager.default.fileExists(atPath: path), "\(file) missing; \(built.output)")
        }
    }
}
