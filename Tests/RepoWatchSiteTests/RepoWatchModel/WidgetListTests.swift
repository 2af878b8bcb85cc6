import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchSite

@Suite struct WidgetListTests {
    typealias Widget = SiteConfig.Widget

    static let swift = RepoName(owner: "apple", name: "swift")
    static let news = RepoName(owner: "sallen0400", name: "swift-news")
    static let pair = Widget(kind: .double(id: "pair", top: swift, bottom: news))

    @Test("without `widgets:` each repository reads as a single widget in both sizes, in order")
    func defaultsReadAsWidgets() throws {
        let config = try parse("repos: [apple/swift, sallen0400/swift-news]\n").config
        #expect(!config.hasWidgetList)
        #expect(config.widgets.count == 2)
        #expect(config.widgets[0].kind == .single(Self.swift, sizes: [.medium, .large]))
        #expect(config.widgets[1].kind == .single(Self.news, sizes: [.medium, .large]))
        #expect(config.widgets.allSatisfy { $0.note == nil && $0.locale == nil && $0.look == .init() })
        #expect(Array(config.widgets) == [Widget.default(for: Self.swift), Widget.default(for: Self.news)])
    }

    @Test("a list equals another holding the same widgets, however each is stored")
    func equality() {
        let defaults = SiteConfig.WidgetList.defaults(of: [Self.swift, Self.news])
        let listed: SiteConfig.WidgetList = [.default(for: Self.swift), .default(for: Self.news)]
        #expect(defaults == listed)
        #expect(defaults == .defaults(of: [Self.swift, Self.news]))
        #expect(defaults != .defaults(of: [Self.news, Self.swift]))
        #expect(defaults != [.default(for: Self.swift), Self.pair])
        #expect(defaults != [.default(for: Self.swift)])
    }

    @Test("appending to the defaults keeps them and adds the widget last")
    func append() {
        var widgets = SiteConfig.WidgetList.defaults(of: [Self.swift, Self.news])
        widgets.append(Self.pair)
        #expect(Array(widgets) == [.default(for: Self.swift), .default(for: Self.news), Self.pair])
        var listed: SiteConfig.WidgetList = [Self.pair]
        listed.append(.default(for: Self.news))
        #expect(Array(listed) == [Self.pair, .default(for: Self.news)])
    }

    @Test("a listed `widgets:` is kept as written, and owners add no defaults to it")
    func listedWidgetsStay() throws {
        let config = try parse(
            "repos: [apple/swift, sallen0400/swift-news]\nowners:\n  - owner: octocat\n"
                + "widgets:\n  - kind: double\n    id: pair\n"
        ).config
        #expect(Array(config.widgets) == [Self.pair])
        let octocat = RepoName(owner: "octocat", name: "Spoon-Knife")
        let resolved = try config.resolving([.init(source: config.owners[0], names: [octocat])])
        #expect(Array(resolved.config.widgets) == [Self.pair])
    }

    @Test("a listed widget is sized for a single one; a double widget's names are boxed")
    func widgetSize() {
        #expect(MemoryLayout<Widget.Kind>.size <= MemoryLayout<RepoName>.size + MemoryLayout<[Int]>.size + 1)
        let listed: SiteConfig.WidgetList = [Self.pair, .default(for: Self.news)]
        guard case .double(let id, let top, let bottom) = listed[0].kind else {
            Issue.record("not a double widget")
            return
        }
        #expect(id == "pair" && top == Self.swift && bottom == Self.news)
    }

    @Test("repositories of one owner spelling share its name; each keeps its spelling")
    func sharedOwners() throws {
        let config = try parse(
            "repos: [bench-owner-1000/a, bench-owner-1000/b, Bench-Owner-1000/c, bench-owner-1001/d]\n"
        ).config
        #expect(
            config.repos.map(\.description) == [
                "bench-owner-1000/a", "bench-owner-1000/b", "Bench-Owner-1000/c", "bench-owner-1001/d",
            ])
        // Owners this long live on the heap: one storage for the first two, its own for the others.
        let storage = config.repos.map { $0.owner.utf8.withContiguousStorageIfAvailable { $0.baseAddress } }
        #expect(storage[0] != nil && storage[0] == storage[1])
        #expect(storage[2] != storage[0] && storage[3] != storage[0])
    }
}
