import Foundation

/// A feed as Python's `feedparser` (a real feed reader's parser) reads it.
struct ParsedFeed: Decodable {
    struct Link: Decodable, Equatable {
        let rel: String?
        let href: String?
        let type: String?
    }

    struct Entry: Decodable {
        let id: String?
        let title: String?
        let link: String?
        let updated: String?
        let summary: String?
        let tags: [String]
    }

    struct Head: Decodable {
        let id: String?
        let title: String?
        let updated: String?
        let author: String?
        let links: [Link]
    }

    /// feedparser's "bozo": the document is not well-formed.
    let bozo: Bool
    let bozoException: String?
    let version: String
    let feed: Head
    let entries: [Entry]

    var ids: [String] { entries.compactMap(\.id) }

    static let script = """
        import feedparser, json, sys
        d = feedparser.parse(sys.argv[1])
        def links(v): return [{"rel": l.get("rel"), "href": l.get("href"), "type": l.get("type")} for l in v.get("links", [])]
        print(json.dumps({
            "bozo": bool(d.bozo), "bozoException": str(d.get("bozo_exception")) if d.bozo else None,
            "version": d.version,
            "feed": {"id": d.feed.get("id"), "title": d.feed.get("title"), "updated": d.feed.get("updated"),
                     "author": d.feed.get("author"), "links": links(d.feed)},
            "entries": [{"id": e.get("id"), "title": e.get("title"), "link": e.get("link"),
                         "updated": e.get("updated"), "summary": e.get("summary"),
                         "tags": [t.get("term") for t in e.get("tags", [])]} for e in d.entries]}))
        """

    static func read(_ file: URL) throws -> ParsedFeed {
        let run = try PythonRun.run(script, [file.path])
        guard run.status == 0 else {
            throw FixtureServerError(
                description: "feedparser failed (pip install feedparser==6.0.14; scripts/test.sh does): " + run.stderr)
        }
        return try JSONDecoder().decode(ParsedFeed.self, from: run.stdout)
    }
}
