import Foundation
import Testing

/// Walls that hide (docs/architecture.md): internal by default, `package` only for what another
/// target uses, no `public` (the package has no library product), and no declared dependency a target
/// does not import. `scripts/walls.py` reads them off the sources; here it runs on this package, and on
/// a small made-up package with each fault, so the check itself is shown able to fail.
@Suite("Walls: package only across targets, no public, no dependency left unimported")
struct WallsTests {
    static func walls(root: URL? = nil) throws -> ProcessOutput {
        let script = E2EPaths.packageRoot.appendingPathComponent("scripts/walls.py").path
        return try ProcessOutput.run(
            "/usr/bin/env", ["python3", script] + (root.map { ["--root", $0.path] } ?? []),
            in: E2EPaths.packageRoot, environment: ProcessInfo.processInfo.environment)
    }

    @Test(
        "this package: every package declaration is used by another target, none is public, every dependency imported")
    func thisPackageKeepsItsWalls() throws {
        let run = try Self.walls()
        #expect(run.status == 0, "scripts/walls.py found (fix with --fix, then build):\n\(run.output)")
        #expect(run.output.hasPrefix("0 of "), "\(run.output)")
    }

    /// A package of two targets, `Low` and `High` (which imports `Low`), each fault alone.
    enum Fault: CaseIterable {
        case none, packageUsedAtHome, packageInsideInternalType, publicDeclaration, dependencyNeverImported
    }

    static func madeUpPackage(_ fault: Fault, in dir: TempDir) throws {
        let dependencies = fault == .dependencyNeverImported ? #"["Low", "Other"]"# : #"["Low"]"#
        let files = [
            "Package.swift": """
            let package = Package(
                name: "walls",
                targets: [
                    .target(name: "Other"),
                    .target(name: "Low"),
                    .target(name: "High", dependencies: \(dependencies)),
                ]
            )
            """,
            "Sources/Other/Other.swift": "struct Other {}\n",
            "Sources/Low/Low.swift": """
            \(fault == .publicDeclaration ? "public" : "package") struct Shared {
                \(fault == .packageUsedAtHome ? "package" : "") func helper() {}
                package init() {}
            }

            struct Hidden {
                \(fault == .packageInsideInternalType ? "package" : "") let shared = Shared()
            }
            """,
            "Sources/High/High.swift": "import Low\n\nlet shared = Shared()\n",
        ]
        for (path, text) in files { try dir.write(path, text) }
    }

    @Test("the check fails on each fault, naming it, and passes without one", arguments: Fault.allCases)
    func theCheckCanFail(_ fault: Fault) throws {
        let dir = try TempDir("walls")
        defer { dir.remove() }
        try Self.madeUpPackage(fault, in: dir)
        let run = try Self.walls(root: dir.url)
        let expected: String? =
            switch fault {
            case .none: nil
            case .packageUsedAtHome: "Sources/Low/Low.swift:2: helper: no other target uses it"
            case .packageInsideInternalType: "Sources/Low/Low.swift:7: package, inside a type no other target sees"
            case .publicDeclaration: "Sources/Low/Low.swift:1: public, but the package has no library product"
            case .dependencyNeverImported: "Package.swift: High declares Other but never imports it"
            }
        #expect(run.status == (expected == nil ? 0 : 1), "\(run.output)")
        if let expected { #expect(run.output.contains(expected), "\(run.output)") }
    }
}
