// swift-tools-version: 6.0
import PackageDescription

// Linux only: `serve` watches files with inotify and handles signals with glibc's `sigaction`, and
// neither has a Darwin branch; so no `platforms:` claims macOS.
let package = Package(
    name: "repowatch-site",
    products: [
        .executable(name: "repowatch-site", targets: ["repowatch-site"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.0"),
        // Exactly this version: MustacheParser follows its parsing rules (standalone lines, indentation), and
        // CompiledTemplateTests and MustacheSpecTests compare the two, so an upgrade is a deliberate change.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
        // `serve`: Hummingbird's HTTP/1 server and its WebSocket upgrade, with the swift-nio, swift-log,
        // swift-http-types and swift-service-lifecycle they are built on (named for the types the preview uses).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        .target(name: "CRenameExchange"),
        // The built-in templates are compiled into the binary so it works from any directory.
        .target(
            name: "BuiltinTemplates",
            path: "Templates",
            exclude: ["README.md"],
            sources: ["BuiltinTemplates.swift"],
            resources: [
                .embedInCode("layout.mustache"),
                .embedInCode("card.mustache"),
                .embedInCode("medium.mustache"),
                .embedInCode("large.mustache"),
                .embedInCode("double.mustache"),
                .embedInCode("widget.mustache"),
                .embedInCode("index.mustache"),
                .embedInCode("repo.mustache"),
                .embedInCode("double-page.mustache"),
                .embedInCode("embeds.mustache"),
                .embedInCode("404.mustache"),
                .embedInCode("share.mustache"),
                .embedInCode("icons.mustache"),
                .embedInCode("owner.mustache"),
                .embedInCode("insights.mustache"),
                .embedInCode("chart.mustache"),
                .embedInCode("search.mustache"),
                .embedInCode("assets/style.css"),
                .embedInCode("assets/copy.js"),
                .embedInCode("assets/search.js"),
                .embedInCode("assets/search-file.js"),
                .embedInCode("assets/share.png"),
                .embedInCode("locales/en.json"),
                .embedInCode("locales/ko.json"),
                .embedInCode("locales/ja.json"),
                .embedInCode("locales/zh-Hans.json"),
                .embedInCode("locales/de.json"),
                .embedInCode("locales/fr.json"),
                .embedInCode("locales/es.json"),
                .embedInCode("locales/pt-BR.json"),
                .embedInCode("locales/ar.json"),
                .embedInCode("scaffold/pages-workflow.yml"),
            ]
        ),
        // One target per stage; each depends only downstream (docs/architecture.md draws the graph).
        .target(name: "RepoWatchSupport"),
        .target(name: "RepoWatchStorage"),
        .target(name: "RepoWatchModel", dependencies: ["RepoWatchStorage", "RepoWatchSupport"]),
        .target(
            name: "RepoWatchConfig",
            dependencies: [
                "RepoWatchModel", "RepoWatchSupport", .product(name: "Yams", package: "Yams"),
            ]
        ),
        .target(name: "RepoWatchNetwork", dependencies: ["RepoWatchSupport"]),
        .target(
            name: "RepoWatchSources",
            dependencies: ["RepoWatchModel", "RepoWatchNetwork", "RepoWatchStorage", "RepoWatchSupport"]
        ),
        .target(name: "RepoWatchNotify", dependencies: ["RepoWatchModel", "RepoWatchNetwork", "RepoWatchSupport"]),
        .target(
            name: "RepoWatchRender",
            dependencies: [
                "RepoWatchModel", "RepoWatchSupport", "CCmark", "BuiltinTemplates",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        .target(
            name: "RepoWatchOutput",
            dependencies: ["RepoWatchModel", "RepoWatchStorage", "RepoWatchSupport", "CRenameExchange"]
        ),
        .target(
            name: "RepoWatchSite",
            dependencies: [
                "RepoWatchConfig", "RepoWatchSources", "RepoWatchRender", "RepoWatchOutput", "RepoWatchModel",
                "RepoWatchNetwork", "RepoWatchNotify", "RepoWatchSupport",
            ]
        ),
        .target(
            name: "RepoWatchServe",
            dependencies: [
                "RepoWatchSite", "RepoWatchRender", "RepoWatchModel", "RepoWatchSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(name: "RepoWatchPublish", dependencies: ["RepoWatchConfig", "RepoWatchModel", "RepoWatchSupport"]),
        .target(name: "RepoWatchScaffold", dependencies: ["RepoWatchModel", "RepoWatchSupport", "BuiltinTemplates"]),
        .executableTarget(
            name: "repowatch-site",
            dependencies: [
                "RepoWatchSite", "RepoWatchServe", "RepoWatchPublish", "RepoWatchScaffold", "RepoWatchConfig",
                "RepoWatchModel", "RepoWatchNetwork", "RepoWatchSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "RepoWatchSiteTests",
            dependencies: [
                "RepoWatchSite", "RepoWatchServe", "RepoWatchScaffold", "RepoWatchConfig",
                "RepoWatchSources", "RepoWatchRender", "RepoWatchOutput", "RepoWatchModel", "RepoWatchNetwork",
                "RepoWatchNotify", "RepoWatchStorage", "RepoWatchSupport", "repowatch-site",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
    ]
)
