import Foundation
import RepoWatchRender

/// The Content-Security-Policy `serve` sends as a header: a page's own policy (the `<meta>` the build
/// stamped on it), so the preview is held to exactly what GitHub Pages will serve; the strict default
/// for a page without one; for other files, only what an SVG opened on its own needs.
enum ServedPolicy {
    /// A standalone SVG styles itself with a `<style>` element and inlines its avatars as `data:`.
    static let nonHTML = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'"

    /// Pagefind's worker (`search: true`) is held to the policy sent with its own script, not its
    /// page's: it gets the search page's, so it may fetch the index and compile its WebAssembly.
    /// (GitHub Pages sends no policy header, so there it runs under none.)
    static let pagefindWorker = "pagefind-worker.js"

    /// The header for a file that is not a page, by its name.
    static func header(forFile name: String) -> String {
        name == pagefindWorker ? ContentSecurityPolicy().text(for: .search) : nonHTML
    }

    static func header(forHTML html: Data) -> String {
        meta(in: html) ?? ContentSecurityPolicy().text(for: .gallery)
    }

    /// The `content` of the first `<meta http-equiv="Content-Security-Policy">` in the page's head.
    static func meta(in html: Data) -> String? {
        let head = String(decoding: html.prefix(8192), as: UTF8.self)
        guard
            let tag = head.range(
                of: #"<meta\s+http-equiv\s*=\s*"content-security-policy"\s+content\s*=\s*"[^"]*""#,
                options: [.regularExpression, .caseInsensitive]),
            let open = head[tag].range(of: "content=\"", options: [.caseInsensitive])
        else { return nil }
        let value = head[open.upperBound..<head.index(before: tag.upperBound)]
        return
            value
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
