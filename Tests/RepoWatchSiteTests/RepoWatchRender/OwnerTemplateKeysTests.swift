import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSite
@testable import RepoWatchSources
@testable import RepoWatchSupport

/// The `owners:` keys Templates/README.md documents (`sections` with `owner` on the gallery, `source`
/// on a repository page) reach a user's template with their values.
@Suite("Template keys: sections, owner and source")
struct OwnerTemplateKeysTests {
    static let now = ISO8601.parse("2026-11-22T12:00:00Z")!

    static func repo(_ name: String, source: RepoSource) -> RepoSnapshot {
        var repo = SampleData.snapshot(for: RepoName.parse(name).value!, now: now)
        repo.source = source
        return repo
    }

    static func files() throws -> [String: String] {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let templates = folder.appendingPathComponent("Templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let overrides = [
            "index": "{{#sections}}section={{#owner}}{{name}};{{login}};{{anchor}};{{avatar.src}};{{avatar.alt}};"
                + "{{count}};{{count_display}};{{count_label}};{{html_url}};{{/owner}}{{continued}};"
                + "{{#widgets}}{{title}},{{/widgets}}\n{{/sections}}",
            "repo": "{{#repo}}source={{source.value}};{{source.from_owner}};{{source.owner_name}};"
                + "{{source.label}};{{source.html_url}}{{/repo}}\n",
        ]
        for (name, text) in overrides {
            try Data(text.utf8).write(to: templates.appendingPathComponent("\(name).mustache"))
        }
        let config = try ConfigLoader(file: "site.yml").parse(
            """
            repos: [a/b]
            owners:
              - owner: Apple
            widgets:
              - repo: apple/swift
                sizes: [medium]
              - repo: apple/llvm
                sizes: [medium]
              - repo: a/b
                sizes: [medium]
              - kind: double
                top: apple/swift
                bottom: apple/llvm
            """
        ).config
        let snapshot = Snapshot(
            generatedAt: now, nextUpdate: now, sample: false,
            repos: [
                repo("a/b", source: .repos), repo("apple/swift", source: .owner("Apple")),
                repo("apple/llvm", source: .owner("Apple")),
            ])
        var resolved = config
        resolved.repos = snapshot.repos.map { RepoName.parse($0.configName).value! }
        let heading = OwnerHeading(
            source: config.owners[0], login: "apple", avatar: "avatars/apple.png", htmlURL: "https://github.com/apple")
        let renderer = SiteRenderer(
            config: resolved, templates: try TemplateSet.load(siteDirectory: folder), options: try RenderOptions(),
            data: RenderData(ownerHeadings: [heading]))
        return try renderer.render(snapshot).mapValues { String(decoding: $0, as: UTF8.self) }
    }

    @Test("the gallery: a section per run of one owner's widgets, with its heading; others without")
    func sections() throws {
        let index = try Self.files()["index.html"] ?? ""
        #expect(
            index
                == """
                section=Apple;apple;owner-apple;avatars/apple.png;Avatar of apple;2;2;2 repositories;\
                https://github.com/apple;false;apple/swift · medium,apple/llvm · medium,
                section=;a/b · medium,apple/swift + apple/llvm,

                """)
    }

    @Test("a repository page: where the repository came from")
    func source() throws {
        let files = try Self.files()
        #expect(
            files["repos/apple/swift/index.html"]
                == "source=owner:Apple;true;Apple;One of apple’s repositories;https://github.com/apple\n")
        #expect(files["repos/a/b/index.html"] == "source=repos;false;;Listed in site.yml;\n")
    }

    @Test("a section that goes on from the page before says so")
    func continued() throws {
        let tiles = (0..<3).map { GalleryTile(kind: "medium", size: "medium", title: "t\($0)", href: "", html: "") }
        let sections = OwnerSections(
            headings: [], snapshot: Snapshot(generatedAt: Self.now, nextUpdate: Self.now, sample: false, repos: []),
            strings: LocaleCatalog.builtIn.table(for: "en"))
        let grouped = sections.gallery(owners: ["Apple", "apple", nil], widgets: tiles, before: "APPLE")
        #expect(grouped.map(\.widgets.count) == [2, 1])
        #expect(grouped[0].owner?.login == "Apple" && grouped[0].continued)
        #expect(grouped[1].owner == nil && grouped[1].child(named: "continued") == nil)
        // No widgets at all still makes one (empty) list, as the gallery always had.
        #expect(sections.gallery(owners: [], widgets: [], before: nil).count == 1)
    }
}

@Suite("owners: headings and source lines in the site's locale")
struct OwnerSectionsLocaleTests {
    @Test("a Korean site counts and names an owner's repositories in Korean")
    func korean() {
        let now = Date(timeIntervalSince1970: 1_795_348_800)
        var repo = SampleData.snapshot(for: RepoName(owner: "apple", name: "swift"), now: now)
        repo.source = .owner("Apple")
        let snapshot = Snapshot(generatedAt: now, nextUpdate: now, sample: false, repos: [repo])
        let sections = OwnerSections(headings: [], snapshot: snapshot, strings: LocaleCatalog.builtIn.table(for: "ko"))
        let tile = GalleryTile(kind: "medium", size: "medium", title: "t", href: "", html: "")
        let heading = sections.gallery(owners: ["Apple"], widgets: [tile], before: nil)[0].owner
        #expect(heading?.countLabel == "저장소 1개")
        #expect(sections.repoPage(RepoName(owner: "apple", name: "swift")).label == "Apple의 저장소")
    }
}
