import Foundation
import RepoWatchModel
import RepoWatchSupport

/// The owner cards' last good numbers, in `owner-cards.json` beside the response cache: what a
/// card shows (marked stale) when its listing, its languages or its contributions cannot be asked
/// now, and each counted repository's languages with the push they were read at, so a rebuild asks
/// GraphQL only for repositories pushed since. Holds public repositories' names and numbers only:
/// a private repository is never counted, so never kept; the token is never written.
struct OwnerCardShelf: Sendable {
    let url: URL

    init(cacheDirectory: URL) {
        url = KeptFile.ownerCards.url(cache: cacheDirectory)
    }

    struct Contents: Codable, Sendable, Equatable {
        var schema = 1
        /// By owner key (site.yml's `owner`, lowercased).
        var cards: [String: OwnerCard] = [:]
        /// By repository key: the bytes per language GitHub gave, and the push they describe.
        var languages: [String: RepoLanguages] = [:]
        /// The colours GitHub gave each language.
        var colors: [String: String] = [:]

        init() {}
    }

    struct RepoLanguages: Codable, Sendable, Equatable {
        var pushedAt: Date?
        var sizes: [String: Int]

        enum CodingKeys: String, CodingKey {
            case sizes
            case pushedAt = "pushed_at"
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    /// A missing, unreadable or other schema's file is an empty shelf.
    func load() -> Contents {
        guard let data = FileManager.default.contents(atPath: url.path),
            let contents = try? Self.decoder.decode(Contents.self, from: data), contents.schema == 1
        else { return Contents() }
        return contents
    }

    func save(_ contents: Contents) {
        guard let data = try? Self.encoder.encode(contents) else { return }
        try? FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileIO.writeAtomically(data, to: url.path)
    }
}
