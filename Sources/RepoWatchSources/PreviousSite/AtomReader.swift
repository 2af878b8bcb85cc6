import Foundation
import RepoWatchModel
import RepoWatchSupport

/// Reads back the entries of a `feed.xml` this tool published (`AtomFeed` in RepoWatchRender), and
/// nothing else: the published site is not trusted more than the API, so anything that is not
/// exactly that shape is refused whole rather than half understood.
struct AtomReader: Sendable {
    let baseURL: URL

    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    func entries(_ data: Data) throws -> [FeedEntry] {
        guard let text = String(data: data, encoding: .utf8) else { throw Refusal(description: "not UTF-8") }
        // Feeds published before the root said its language have no `xml:lang`; both are this tool's.
        guard
            text.contains("<feed xmlns=\"http://www.w3.org/2005/Atom\">")
                || text.contains("<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\""),
            text.contains(">\(Self.generatorText)</generator>")
        else { throw Refusal(description: "not an Atom feed written by repowatch-site") }
        var entries: [FeedEntry] = []
        var rest = Substring(text)
        while let start = rest.range(of: "<entry>") {
            guard let end = rest.range(of: "</entry>", range: start.upperBound..<rest.endIndex) else {
                throw Refusal(description: "an entry is not closed")
            }
            entries.append(try entry(rest[start.upperBound..<end.lowerBound]))
            rest = rest[end.upperBound...]
        }
        return entries
    }

    private static let generatorText = "repowatch-site"

    private func entry(_ xml: Substring) throws -> FeedEntry {
        let id = try field(xml, "<id>", "</id>")
        guard !id.isEmpty, id.count <= 2_000 else { throw Refusal(description: "an entry without a usable id") }
        guard let updated = ISO8601.parse(try field(xml, "<updated>", "</updated>")) else {
            throw Refusal(description: "entry \(id): unreadable <updated>")
        }
        guard let kind = FeedEntry.Kind(rawValue: try field(xml, "<category term=\"", "\"/>")) else {
            throw Refusal(description: "entry \(id): unknown category")
        }
        return FeedEntry(
            id: id, repo: try repo(try field(xml, "<link rel=\"alternate\" type=\"text/html\" href=\"", "\"/>")),
            kind: kind, title: try field(xml, "<title type=\"text\">", "</title>"),
            summary: try field(xml, "<summary type=\"text\">", "</summary>"), updated: updated)
    }

    /// `BASE/repos/owner/name/` → `owner/name`, lowercased.
    private func repo(_ href: String) throws -> String {
        let base = baseURL.absoluteString
        let folder = base + SiteLayout.reposFolder
        guard href.hasPrefix(folder), href.hasSuffix("/") else {
            throw Refusal(description: "a link outside \(folder): \(href)")
        }
        let path = href.dropFirst(folder.count).dropLast()
        guard case .success(let name) = RepoName.parse(String(path)) else {
            throw Refusal(description: "a link to no repository page: \(href)")
        }
        return name.key
    }

    /// The unescaped text between `open` and the next `close`; markup inside is refused.
    private func field(_ xml: Substring, _ open: String, _ close: String) throws -> String {
        guard let start = xml.range(of: open), let end = xml.range(of: close, range: start.upperBound..<xml.endIndex)
        else { throw Refusal(description: "an entry without \(open)") }
        let raw = xml[start.upperBound..<end.lowerBound]
        guard !raw.contains("<"), !raw.contains("]]>") else { throw Refusal(description: "markup inside \(open)") }
        return try Self.unescape(raw)
    }

    /// The five entities and numeric character references: all `XMLEscape` and `AtomFeed` write.
    static func unescape(_ text: Substring) throws -> String {
        var result = ""
        var rest = text
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semicolon) <= 10 else {
                throw Refusal(description: "a bare & in the text")
            }
            let name = rest[rest.index(after: amp)..<semicolon]
            result.unicodeScalars.append(try scalar(name))
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    private static func scalar(_ name: Substring) throws -> Unicode.Scalar {
        let named: [Substring: Unicode.Scalar] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
        if let known = named[name] { return known }
        let number: UInt32? =
            name.hasPrefix("#x")
            ? UInt32(name.dropFirst(2), radix: 16)
            : name.hasPrefix("#") ? UInt32(name.dropFirst(), radix: 10) : nil
        guard let number, let scalar = Unicode.Scalar(number) else {
            throw Refusal(description: "an unknown entity &\(name);")
        }
        return scalar
    }
}
