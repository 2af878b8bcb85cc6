import Foundation

/// A repository's latest release, as its card shows it.
package struct RepoRelease: Codable, Sendable, Equatable {
    package var tag: String
    package var publishedAt: Date?

    package init(tag: String, publishedAt: Date?) {
        self.tag = tag
        self.publishedAt = publishedAt
    }

    package enum CodingKeys: String, CodingKey {
        case tag
        case publishedAt = "published_at"
    }
}

/// A repository's primary language and GitHub's colour for it.
package struct RepoLanguage: Codable, Sendable, Equatable {
    package var name: String
    /// `#RRGGBB` when GitHub gave a well-formed colour, else nil (it reaches style attributes).
    package var color: String?

    package init(name: String, color: String?) {
        self.name = name
        self.color = color.flatMap(Self.wellFormed)
    }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            color: try container.decodeIfPresent(String.self, forKey: .color))
    }

    private static func wellFormed(_ text: String) -> String? {
        let digits = text.utf8.dropFirst()
        guard text.utf8.first == UInt8(ascii: "#"), digits.count == 6,
            digits.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 102) })
        else { return nil }
        return text.uppercased()
    }
}
