import Foundation

/// Widget fragments (`medium`, `large`, `double`), each rendered once per unit of work and reused on
/// every page of that unit that shows it: the gallery, the repository page and the standalone
/// document differ only in the relative path to the root, which is filled in afterwards. Contexts
/// are made on demand and fragments live only as long as their unit, so memory stays flat however
/// many repositories a site has.
struct WidgetFragments: Sendable {
    /// Stands in for `{{root}}` while a fragment is rendered; survives HTML escaping unchanged.
    static let rootMarker = "\u{E000}root\u{E000}"

    /// What a gallery entry or page shows.
    enum Spec: Sendable {
        case single(RepoName, SiteConfig.WidgetSize, WidgetLook)
        case double(id: String, top: RepoName, bottom: RepoName, WidgetLook)

        var key: String {
            switch self {
            case .single(let name, let size, let look): return "\(name.key)|\(size.rawValue)|\(look)"
            case .double(let id, _, _, let look): return "double|\(id)|\(look)"
            }
        }
    }

    /// Fragments rendered within one unit of work (one thread), keyed by `Spec.key`.
    typealias Cache = [String: String]

    private let renderer: SiteRenderer
    private let repos: [String: RepoSnapshot]

    init(renderer: SiteRenderer, snapshot: Snapshot) {
        self.renderer = renderer
        repos = Dictionary(
            snapshot.repos.map { ($0.configName.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }

    func repoContext(_ name: RepoName, _ numbers: WidgetLook.Numbers, sparkline: Bool = false) -> [String: Any] {
        var context = renderer.contexts.repo(
            repos[name.key] ?? .unavailable(name, reason: "not fetched"), numbers: numbers)
        HistoryContext.add(
            to: &context, points: renderer.history.points(for: name), numbers: numbers, sparkline: sparkline)
        return context
    }

    /// The widget as SVG images for READMEs, light and dark, whatever its `appearance`.
    func svgs(_ spec: Spec) -> (light: String, dark: String) {
        let kind: SVGWidget.Kind
        let look: WidgetLook
        let contexts: [[String: Any]]
        switch spec {
        case .single(let name, let size, let widgetLook):
            kind = size == .medium ? .medium : .large
            look = widgetLook
            contexts = [repoContext(name, look.numbers)]
        case .double(_, let top, let bottom, let widgetLook):
            kind = .double
            look = widgetLook
            contexts = [repoContext(top, look.numbers), repoContext(bottom, look.numbers)]
        }
        let worst = contexts.map(state).max() ?? .fresh
        func draw(dark: Bool) -> String {
            SVGWidget.render(
                kind, repos: contexts, state: worst.rawValue, look: look, dark: dark, avatars: renderer.avatarURIs)
        }
        return (draw(dark: false), draw(dark: true))
    }

    private func state(_ repo: [String: Any]) -> WidgetContext.State {
        (repo["state"] as? String).flatMap(WidgetContext.State.init) ?? .fresh
    }

    func html(_ spec: Spec, root: String, cache: inout Cache) -> String {
        let key = spec.key
        if let cached = cache[key] { return Self.fillRoot(cached, with: root) }
        let html = render(spec)
        cache[key] = html
        return Self.fillRoot(html, with: root)
    }

    private func render(_ spec: Spec) -> String {
        switch spec {
        case .single(let name, let size, let look):
            let repo = repoContext(name, look.numbers)
            return renderer.templates.render(
                size.rawValue,
                [
                    "root": Self.rootMarker, "repo": repo,
                    "widget": renderer.contexts.widget(kind: size.rawValue, state: state(repo), look: look),
                ])
        case .double(let id, let top, let bottom, let look):
            let topContext = repoContext(top, look.numbers)
            let bottomContext = repoContext(bottom, look.numbers)
            let worst = max(state(topContext), state(bottomContext))
            return renderer.templates.render(
                "double",
                [
                    "root": Self.rootMarker, "top": topContext, "bottom": bottomContext,
                    "widget": renderer.contexts.widget(kind: "double", id: id, state: worst, look: look),
                ])
        }
    }

    private static let markerBytes = Array(rootMarker.utf8)

    /// Replaces every marker with `root`, on UTF-8 bytes: Foundation's `replacingOccurrences` goes
    /// through CoreFoundation on Linux and cost more than rendering.
    static func fillRoot(_ html: String, with root: String) -> String {
        let marker = markerBytes
        let rootBytes = Array(root.utf8)
        var html = html
        return html.withUTF8 { bytes -> String in
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 16 * rootBytes.count)
            var index = 0
            let end = bytes.count
            while index < end {
                if bytes[index] == marker[0], index + marker.count <= end,
                    (1..<marker.count).allSatisfy({ bytes[index + $0] == marker[$0] })
                {
                    output.append(contentsOf: rootBytes)
                    index += marker.count
                } else {
                    output.append(bytes[index])
                    index += 1
                }
            }
            return String(decoding: output, as: UTF8.self)
        }
    }
}

/// Collects rendered files in memory, from any thread.
final class FileCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String: Data] = [:]

    var files: [String: Data] { lock.withLock { collected } }

    func add(_ path: String, _ data: Data) {
        lock.withLock { collected[path] = data }
    }
}

/// Runs independent work items on every core and rethrows the first error.
enum Parallel {
    static func forEach(_ range: Range<Int>, _ body: (Int) throws -> Void) throws {
        guard range.count > 1 else {
            for index in range { try body(index) }
            return
        }
        let failure = FailureBox()
        withoutActuallyEscaping(body) { body in
            let unchecked = UncheckedBox(body)
            DispatchQueue.concurrentPerform(iterations: range.count) { offset in
                guard !failure.isSet else { return }
                do {
                    try unchecked.value(range.lowerBound + offset)
                } catch {
                    failure.set(error)
                }
            }
        }
        if let error = failure.error { throw error }
    }

    private final class FailureBox: @unchecked Sendable {
        private let lock = NSLock()
        private var first: Error?
        var error: Error? { lock.withLock { first } }
        var isSet: Bool { lock.withLock { first != nil } }
        func set(_ error: Error) { lock.withLock { first = first ?? error } }
    }

    private struct UncheckedBox<T>: @unchecked Sendable {
        let value: T
        init(_ value: T) { self.value = value }
    }
}
