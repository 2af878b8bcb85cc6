import Foundation

/// RFC 8288 `Link` headers as GitHub sends them for pagination.
package enum LinkHeader {
    package static func next(_ header: String?, relativeTo base: URL) -> URL? {
        target(header, rel: "next", relativeTo: base)
    }
}

extension LinkHeader {
    /// The target of the link whose `rel` is `relation` (`rel="next"` or `rel=next`).
    package static func target(_ header: String?, rel relation: String, relativeTo base: URL) -> URL? {
        guard let header else { return nil }
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let target = pieces.first, target.hasPrefix("<"), target.hasSuffix(">") else { continue }
            if pieces.dropFirst().contains(where: { $0 == "rel=\"\(relation)\"" || $0 == "rel=\(relation)" }) {
                return URL(string: String(target.dropFirst().dropLast()), relativeTo: base)?.absoluteURL
            }
        }
        return nil
    }

    /// Pages 2 to the last of a list whose first page's `Link` names its `last` page, so all of them
    /// can be asked for at once instead of one after another. Nil, to follow `next` page by page,
    /// unless `next` is exactly page 2 of the list `last` ends (GitHub's numbered pagination) and
    /// there are at most `limit` pages.
    package static func remainingPages(_ header: String?, relativeTo base: URL, limit: Int) -> [URL]? {
        guard let next = target(header, rel: "next", relativeTo: base),
            let last = target(header, rel: "last", relativeTo: base),
            let count = pageNumber(of: last), count >= 2, count <= limit
        else { return nil }
        let pages = (2...count).compactMap { page(of: last, number: $0) }
        guard pages.count == count - 1, pages.first?.absoluteString == next.absoluteString else { return nil }
        return pages
    }

    /// The `page` query item of a list URL.
    package static func pageNumber(of url: URL) -> Int? {
        let pages = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQueryItems?
            .filter { $0.name == "page" }
        guard let pages, pages.count == 1, let value = pages[0].value else { return nil }
        return Int(value)
    }

    /// `url` with its `page` query item set to `number`; every other byte as GitHub wrote it.
    package static func page(of url: URL, number: Int) -> URL? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        components.percentEncodedQueryItems = components.percentEncodedQueryItems?.map {
            $0.name == "page" ? URLQueryItem(name: "page", value: String(number)) : $0
        }
        return components.url
    }
}
