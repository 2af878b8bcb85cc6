import Foundation

/// Widget fragments (`medium`, `large`, `double`), each rendered once and reused on every page that
/// shows it: the gallery, the repository page and the standalone document differ only in the
/// relative path to the root, which is filled in afterwards.
final class WidgetFragments: @unchecked Sendable {
    /// Stands in for `{{root}}` while a fragment is rendered; survives HTML escaping unchanged.
    static let rootMarker = "\u{E000}root\u{E000}"

    private let renderer: SiteRenderer
    /// Counts are displayed per widget (`numbers:`), so each repository has a context per style.
    private let repoContexts: [WidgetLook.Numbers: [String: [String: Any]]]
    private let lock = NSLock()
    private var rendered: [String: String] = [:]

    init(renderer: SiteRenderer, snapshot: Snapshot) {
        self.renderer = renderer
        var contexts: [WidgetLook.Numbers: [String: [String: Any]]] = [:]
        for numbers in WidgetLook.Numbers.allCases {
            contexts[numbers] = Dictionary(
                snapshot.repos.map { ($0.configName.lowercased(), renderer.contexts.repo($0, numbers: numbers)) },
                uniquingKeysWith: { first, _ in first })
        }
        repoContexts = contexts
    }

    func repoContext(_ name: RepoName, _ numbers: WidgetLook.Numbers) -> [String: Any] {
        repoContexts[numbers]?[name.key]
            ?? renderer.contexts.repo(.unavailable(name, reason: "not fetched"), numbers: numbers)
    }

    private func state(_ repo: [String: Any]) -> WidgetContext.State {
        (repo["state"] as? String).flatMap(WidgetContext.State.init) ?? .fresh
    }

    func single(_ name: RepoName, _ size: SiteConfig.WidgetSize, look: WidgetLook, root: String) -> String {
        fragment("\(name.key)|\(size.rawValue)|\(look)", root: root) {
            let repo = repoContext(name, look.numbers)
            return renderer.templates.render(
                size.rawValue,
                [
                    "root": Self.rootMarker, "repo": repo,
                    "widget": renderer.contexts.widget(kind: size.rawValue, state: state(repo), look: look),
                ])
        }
    }

    func double(id: String, top: RepoName, bottom: RepoName, look: WidgetLook, root: String) -> String {
        fragment("double|\(id)|\(look)", root: root) {
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

    private func fragment(_ key: String, root: String, render: () -> String) -> String {
        let cached = lock.withLock { rendered[key] }
        let html: String
        if let cached {
            html = cached
        } else {
            html = render()
            lock.withLock { rendered[key] = html }
        }
        return Self.fillRoot(html, with: root)
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
