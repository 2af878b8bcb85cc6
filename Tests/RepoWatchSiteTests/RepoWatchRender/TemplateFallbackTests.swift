import Foundation
import Testing

@testable import RepoWatchRender
@testable import RepoWatchSite

/// A template the compiler refuses leaves the whole set to swift-mustache, and says so: one warning
/// per such template, naming its file and the tag.
@Suite("Templates the compiler refuses are reported")
struct TemplateFallbackTests {
    @Test func theBuiltInTemplatesNeedNoFallback() throws {
        let templates = try TemplateSet.load(siteDirectory: nil)
        #expect(templates.compileFallback.isEmpty)
        #expect(templates.compiled != nil)
    }

    @Test func eachRefusedTemplateIsNamedOnceWithItsTag() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fallback-\(UUID().uuidString)")
        let templatesFolder = folder.appendingPathComponent("Templates")
        try FileManager.default.createDirectory(at: templatesFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Inside a section, as deep as the compiler reads; and a pragma in a second template.
        try Data("<p>{{#repos}}{{>*kind}}{{/repos}}</p>".utf8)
            .write(to: templatesFolder.appendingPathComponent("index.mustache"))
        try Data("{{% CONTENT_TYPE: TEXT}}<b>{{title}}</b>".utf8)
            .write(to: templatesFolder.appendingPathComponent("404.mustache"))
        try Data("<i>{{title}}</i>".utf8).write(to: templatesFolder.appendingPathComponent("item.mustache"))

        let templates = try TemplateSet.load(siteDirectory: folder)
        #expect(templates.compiled == nil)
        #expect(
            templates.compileFallback.map(\.description) == [
                "Templates/404.mustache:1:1: warning: uses a content-type pragma {{% CONTENT_TYPE: …}}, which the "
                    + "compiled renderer does not do, so every template renders with swift-mustache's own renderer "
                    + "(slower)",
                "Templates/index.mustache:1:1: warning: uses a dynamic partial {{>*kind}}, which the compiled "
                    + "renderer does not do, so every template renders with swift-mustache's own renderer (slower)",
            ])
        // Still rendered, by the library.
        let context: [String: Any] = ["repos": [["kind": "item", "title": "a<"]], "title": "t<"]
        #expect(templates.render("index", context) == "<p><i>a&lt;</i></p>")
        #expect(templates.render("404", context) == "<b>t<</b>")
    }
}
