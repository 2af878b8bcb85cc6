import Foundation
import Testing

/// The site's own links name pages, not folders, so it works opened from disk; the addresses it
/// publishes (sitemap, canonical links, `page` in data/repos.json) keep the folders. The 404 page
/// leads back to the root of the site from any depth; the embed snippets say they are relative.
@Suite("Site links: from disk, from a 404, and the snippets' note")
struct SiteLinksTests {
    static let site = """
        title: Links
        repos:
          - apple/swift
          - kudoleh/iOS-Clean-Architecture-MVVM
        widgets:
          - kind: single
            repo: apple/swift
          - kind: double
            top: apple/swift
            bottom: kudoleh/iOS-Clean-Architecture-MVVM
        charts:
          - id: pair
            repos: [apple/swift, kudoleh/iOS-Clean-Architecture-MVVM]

        """

    static let double = "widgets/apple-swift--kudoleh-ios-clean-architecture-mvvm/"

    func build(_ extra: String = "") async throws -> TempDir {
        let dir = try TempDir("links")
        try dir.write("site.yml", Self.site + extra)
        let home = dir.url.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let result = try await BinaryRunner.run(
            ["build", "--sample"], in: dir.url, environment: BinaryRunner.environment(home: home))
        #expect(result.status == 0, "\(result)")
        return dir
    }

    func page(_ dir: TempDir, _ path: String) throws -> String {
        try String(contentsOf: dir.url.appendingPathComponent("public/" + path), encoding: .utf8)
    }

    /// Every `href` of a page that leads to another page of the site (not `#…`, not `data:`, not absolute).
    func siteLinks(_ html: String) -> [String] {
        html.components(separatedBy: "href=\"").dropFirst().compactMap { rest in
            let href = String(rest.prefix { $0 != "\"" })
            if href.hasPrefix("#") || href.hasPrefix("data:") || href.contains("://") || href.hasPrefix("mailto:") {
                return nil
            }
            return href
        }
    }

    @Test("every link between pages names a file that exists, from the page's own folder")
    func linksNameFiles() async throws {
        let dir = try await build()
        defer { dir.remove() }
        let pages = [
            "index.html", "repos/apple/swift/index.html", "repos/apple/swift/medium.html", Self.double + "index.html",
            "insights/index.html", "charts/pair/index.html",
        ]
        for path in pages {
            let html = try page(dir, path)
            let folder = URL(fileURLWithPath: dir.url.appendingPathComponent("public/" + path).path)
                .deletingLastPathComponent()
            for href in siteLinks(html) {
                #expect(!href.hasSuffix("/"), "\(path) links to a folder: \(href)")
                var isFolder: ObjCBool = false
                let target = folder.appendingPathComponent(href).standardized.path
                #expect(
                    FileManager.default.fileExists(atPath: target, isDirectory: &isFolder) && !isFolder.boolValue,
                    "\(path) links to \(href), not a file")
            }
        }
        #expect(try page(dir, "index.html").contains("href=\"repos/apple/swift/index.html\""))
        #expect(try page(dir, "index.html").contains("href=\"\(Self.double)index.html\""))
        #expect(try page(dir, Self.double + "index.html").contains("href=\"../../repos/apple/swift/index.html\""))
        #expect(try page(dir, "insights/index.html").contains("href=\"../repos/apple/swift/index.html\""))
        #expect(try page(dir, "insights/index.html").contains("href=\"../charts/pair/index.html\""))
        #expect(try page(dir, "charts/pair/index.html").contains("href=\"../../repos/apple/swift/index.html\""))
    }

    @Test("published addresses keep the folders: sitemap, canonical, data/repos.json")
    func publishedAddressesUnchanged() async throws {
        let dir = try await build("base_url: https://me.github.io/watch/\n")
        defer { dir.remove() }
        let sitemap = try page(dir, "sitemap.xml")
        #expect(sitemap.contains("<loc>https://me.github.io/watch/repos/apple/swift/</loc>"), "\(sitemap)")
        #expect(!sitemap.contains("index.html"), "\(sitemap)")
        #expect(
            try page(dir, "repos/apple/swift/index.html").contains(
                "<link rel=\"canonical\" href=\"https://me.github.io/watch/repos/apple/swift/\">"))
        let records = try JSONSerialization.jsonObject(
            with: Data(contentsOf: dir.url.appendingPathComponent("public/data/repos.json")))
        let repos = try #require((records as? [String: Any])?["repos"] as? [[String: Any]])
        #expect(repos.first?["page"] as? String == "repos/apple/swift/", "\(repos)")
    }

    @Test("the 404 page leads to the site's root: base_url when set, else the server's root")
    func notFoundLeadsHome() async throws {
        let plain = try await build()
        defer { plain.remove() }
        let withoutBase = try page(plain, "404.html")
        #expect(withoutBase.contains("<a href=\"/\">Back to Links</a>"), "\(withoutBase)")
        let based = try await build("base_url: https://me.github.io/watch\n")
        defer { based.remove() }
        let withBase = try page(based, "404.html")
        #expect(withBase.contains("<a href=\"https://me.github.io/watch/\">Back to Links</a>"), "\(withBase)")
    }

    @Test(
        "without base_url the snippets say they work only on this site and how to fix it; with it, absolute and no note"
    )
    func snippetsNote() async throws {
        let plain = try await build()
        defer { plain.remove() }
        for path in ["repos/apple/swift/index.html", Self.double + "index.html"] {
            let html = try page(plain, path)
            #expect(html.contains("data-embed-note"), "\(path)")
            #expect(html.contains("work only on this site until <code dir=\"ltr\">base_url</code> is set"), "\(path)")
            #expect(html.contains("<code dir=\"ltr\">base_url: https://USER.github.io/REPO/</code>"), "\(path)")
            #expect(html.contains("<code dir=\"ltr\">--base-url</code>"), "\(path)")
            #expect(html.contains("](repos/apple/swift/") || html.contains("](widgets/"), "\(path)")
        }
        let based = try await build("base_url: https://me.github.io/watch/\n")
        defer { based.remove() }
        for path in ["repos/apple/swift/index.html", Self.double + "index.html"] {
            let html = try page(based, path)
            #expect(!html.contains("data-embed-note"), "\(path)")
            #expect(html.contains("(https://me.github.io/watch/"), "\(path)")
        }
    }
}
