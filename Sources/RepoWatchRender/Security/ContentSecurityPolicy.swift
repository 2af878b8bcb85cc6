import Foundation
import RepoWatchModel
import RepoWatchSupport

/// Which page of the site a template renders; each kind has its policy.
package enum PageKind: String, Sendable, CaseIterable {
    case gallery, repository, widget, notFound, search, insights

    /// The templates that render whole pages; the others (cards, widgets) are fragments of them.
    package init?(template: String) {
        switch template {
        case "index": self = .gallery
        case "repo", "double-page", "chart", "owner": self = .repository
        case "widget": self = .widget
        case "404": self = .notFound
        case "search": self = .search
        case "insights": self = .insights
        default: return nil
        }
    }
}

/// The Content-Security-Policy of the site's pages: only the site's own scripts, styles and images
/// (and `data:` images) load, so a string from GitHub that slipped past escaping still could not run.
/// No inline script is allowed on any page; inline `<style>` only by the hash of a block the
/// templates hold as literal text (the 404 page's, which must work at any depth); what site.yml
/// adds under `csp:` is appended.
package struct ContentSecurityPolicy: Sendable, Equatable {
    /// `'sha256-…'` of each inline `<style>` block written in the templates themselves.
    package var styleHashes: [String] = [] {
        didSet { metas = Self.metas(of: self) }
    }
    package var additions = PolicyAdditions() {
        didSet { metas = Self.metas(of: self) }
    }
    /// `metaLine(for:)` of every kind, made when the policy changes rather than for each of a build's pages.
    private var metas: [PageKind: [UInt8]] = [:]

    package init(styleHashes: [String] = [], additions: PolicyAdditions = PolicyAdditions()) {
        self.styleHashes = styleHashes
        self.additions = additions
        metas = Self.metas(of: self)
    }

    private static func metas(of policy: ContentSecurityPolicy) -> [PageKind: [UInt8]] {
        Dictionary(uniqueKeysWithValues: PageKind.allCases.map { ($0, policy.metaLine(for: $0)) })
    }

    /// What `stamp` inserts: a line break and the `<meta>`, as UTF-8.
    private func metaLine(for kind: PageKind) -> [UInt8] { Array(("\n" + meta(for: kind)).utf8) }

    /// The policy as a header's (or a `<meta>`'s) value.
    package func text(for kind: PageKind) -> String {
        var script = ["'self'"]
        // Pagefind compiles its WebAssembly search index in the page; nothing else needs to.
        if kind == .search { script.append("'wasm-unsafe-eval'") }
        var directives: [(String, [String])] = [
            ("default-src", ["'none'"]),
            ("script-src", script + additions[.scriptSrc]),
            ("style-src", ["'self'"] + styleHashes + additions[.styleSrc]),
            ("img-src", ["'self'", "data:"] + additions[.imgSrc]),
            // Search reads its index with fetch(); `serve`'s live reload opens a WebSocket to the page's host.
            ("connect-src", ["'self'"] + additions[.connectSrc]),
        ]
        for directive in [PolicyAdditions.Directive.fontSrc, .mediaSrc, .frameSrc] where !additions[directive].isEmpty {
            directives.append((directive.rawValue, additions[directive]))
        }
        // Neither falls back to default-src.
        directives += [("base-uri", ["'self'"]), ("form-action", ["'self'"])]
        return directives.map { ([$0.0] + $0.1).joined(separator: " ") }.joined(separator: "; ")
    }

    /// The `<meta>` element. Its sources never hold `"`, `<`, `>` or `&` (`PolicyAdditions` refuses
    /// them), and quotes such as `'self'` stay readable inside the double-quoted attribute.
    package func meta(for kind: PageKind) -> String {
        "<meta http-equiv=\"Content-Security-Policy\" content=\"\(text(for: kind))\">"
    }

    /// `'sha256-BASE64'` of a block's text, as the browser hashes it (its UTF-8 bytes).
    static func hashSource(of text: String) -> String {
        "'sha256-\(Data(SHA256.hash(Array(text.utf8))).base64EncodedString())'"
    }

    /// The page with the policy's `<meta>` as the first element of its head (after `<meta charset>`
    /// when that comes first, which must stay in the first 1024 bytes): a policy applies only to what
    /// follows it. A page without `<head>` in its first 4 KB is returned as it is.
    package func stamp(_ html: String, kind: PageKind) -> String {
        String(decoding: stamped(Array(html.utf8), kind: kind), as: UTF8.self)
    }

    /// `stamp` on the page's UTF-8, as a file's bytes: made once at their final size, since a
    /// gallery page can be hundreds of kilobytes. The `<meta>` goes just past an ASCII `>`, so the
    /// bytes stay valid UTF-8.
    func stamped(_ page: [UInt8], kind: PageKind) -> Data {
        guard let offset = Self.headInsertionOffset(page.prefix(4096)) else { return Data(page) }
        let meta = metas[kind] ?? metaLine(for: kind)
        var file = Data(capacity: page.count + meta.count)
        page.withUnsafeBufferPointer { all in
            file.append(UnsafeBufferPointer(rebasing: all[..<offset]))
            file.append(contentsOf: meta)
            file.append(UnsafeBufferPointer(rebasing: all[offset...]))
        }
        return file
    }

    /// Where in `bytes` the policy goes: after `<head…>`, and after a `<meta charset…>` that follows it.
    static func headInsertionOffset(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard let head = tagEnd(named: "head", in: bytes, from: 0) else { return nil }
        var next = head
        while next < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
        if startsTag(bytes, at: next, prefix: "<meta charset"),
            let charset = tagEnd(named: "meta", in: bytes, from: next)
        {
            return charset
        }
        return head
    }

    /// The offset just past the `>` of the first `<NAME` start tag (followed by `>` or a space) from `start`.
    private static func tagEnd(named name: String, in bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
        let tag = "<" + name
        var index = start
        while let open = bytes[index...].firstIndex(of: 0x3C) {
            index = open + 1
            if startsTag(bytes, at: open, prefix: tag) {
                let after = open + name.utf8.count + 1
                if after < bytes.endIndex, [0x3E, 0x20, 0x09, 0x0A, 0x0D, 0x2F].contains(bytes[after]) {
                    guard let close = bytes[after...].firstIndex(of: 0x3E) else { return nil }
                    return close + 1
                }
            }
        }
        return nil
    }

    private static func startsTag(_ bytes: ArraySlice<UInt8>, at index: Int, prefix: String) -> Bool {
        guard index + prefix.utf8.count <= bytes.endIndex else { return false }
        for (offset, byte) in prefix.utf8.enumerated() {
            let actual = bytes[index + offset]
            let lowered = (65...90).contains(actual) ? actual + 32 : actual
            if lowered != byte { return false }
        }
        return true
    }
}
