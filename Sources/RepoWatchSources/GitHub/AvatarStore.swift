import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchStorage
import RepoWatchSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads each distinct avatar URL once and keeps the images under content-addressed names, so
/// the same face used by many widgets is one file. A failed download becomes a generated
/// placeholder, never a broken image.
package actor AvatarStore {
    private let client: GitHubClient?
    /// A finished download keeps only its path: a finished task kept its memory, growing with the
    /// number of distinct faces.
    private var downloads: [String: Download] = [:]
    package private(set) var files: AvatarFiles

    /// `client` nil means no network (sample data): every avatar is a placeholder. `spool`: where
    /// the images wait for the render (in memory unless a folder is given).
    package init(client: GitHubClient?, spool: RecordSpool = RecordSpool()) {
        self.client = client
        files = AvatarFiles(spool: spool)
    }

    /// The root-relative path (`avatars/….png`) of `url`'s image at `pixels` square, or of a placeholder for `name`.
    package func avatar(url: String?, pixels: Int, placeholderFor name: String) async -> String {
        guard let client, let url, let sized = Self.sizedURL(url, pixels: pixels) else {
            return store(AvatarPlaceholder.svg(for: name), ext: "svg")
        }
        let key = sized.absoluteString
        switch downloads[key] {
        case .done(let path): return path
        case .running(let task): return await task.value
        case nil: break
        }
        let task = Task<String, Never> {
            let image = await Self.download(sized, client: client)
            return self.keep(image, placeholderFor: name, url: key)
        }
        downloads[key] = .running(task)
        let path = await task.value
        downloads[key] = .done(path)
        return path
    }

    /// Whether a path is a generated placeholder (downloaded images are never SVG: `ImageKind`).
    static func isPlaceholder(_ path: String) -> Bool { path.hasSuffix(".svg") }

    private enum Download {
        case running(Task<String, Never>)
        case done(String)
    }

    /// The (sized) URLs this build asked for: their cache entries belong to faces the site shows.
    func askedURLs() -> Set<String> { Set(downloads.keys) }

    /// Every image in memory: for tests and small sites.
    func allFiles() -> [String: Data] { files.all }

    private func keep(_ image: (Data, String)?, placeholderFor name: String, url: String) -> String {
        guard let (data, ext) = image else { return store(AvatarPlaceholder.svg(for: name), ext: "svg") }
        return store(data, ext: ext)
    }

    private func store(_ data: Data, ext: String) -> String {
        let path = "\(SiteLayout.avatarsFolder)\(SHA256.hex(data).prefix(20)).\(ext)"
        // The same face from another URL: content-addressed, already spooled.
        if files.contains(path) { return path }
        files[path] = data
        return path
    }

    private static func download(_ url: URL, client: GitHubClient) async -> (Data, String)? {
        guard let fetched = try? await client.get(url, accept: "image/*", credentials: false, existsForSure: true),
            fetched.status == 200,
            let ext = ImageKind.sniff(fetched.data)
        else { return nil }
        return (fetched.data, ext)
    }

    /// GitHub's avatar hosts take `s=` for the size; ask for twice the displayed size for sharp
    /// images on high-density screens. Only http(s) URLs are fetched.
    static func sizedURL(_ text: String, pixels: Int) -> URL? {
        guard SafeURL.http(text) != nil, var components = URLComponents(string: text) else { return nil }
        // Percent-encoded items, so the rest of the query goes out byte for byte as GitHub wrote it.
        var items = (components.percentEncodedQueryItems ?? []).filter { $0.name != "s" && $0.name != "size" }
        items.append(URLQueryItem(name: "s", value: String(pixels)))
        components.percentEncodedQueryItems = items
        return components.url
    }
}
