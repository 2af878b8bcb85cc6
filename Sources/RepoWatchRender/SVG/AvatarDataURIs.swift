import Foundation
import RepoWatchModel
import RepoWatchSupport
import Synchronization

/// Avatar images as `data:` URIs, each encoded once however many widgets show it. Bounded: the
/// cache is dropped when it outgrows `cacheLimit`, and images too big to inline leave their place
/// to the generated placeholder, so a large widget (five faces) stays under the size limit.
final class AvatarDataURIs: Sendable {
    /// Small: widgets are rendered in site order, so an image is reused soon or not for long, and a
    /// larger cache only grew with the number of distinct faces (docs/fast-paths.md).
    static let cacheLimit = 2 << 20
    /// Five of these, base64-encoded, still leave room for the widget under 100 KB.
    static let imageLimit = 13_000

    let images: AvatarFiles
    /// Shared by the render's threads. Encoding happens outside the lock, so two threads may encode
    /// the same image once each; either result is the same.
    private let cache = Mutex(Cache())

    private struct Cache {
        var encoded: [String: String] = [:]
        var bytes = 0
    }

    init(images: AvatarFiles) { self.images = images }

    /// Nil when the site has no such file (the caller draws the empty-avatar glyph).
    func dataURI(_ path: String, name: String) -> String? {
        if let cached = cache.withLock({ $0.encoded[path] }) { return cached }
        guard let data = images[path] else { return nil }
        let uri: String
        if data.count > Self.imageLimit {
            uri = placeholderURI(for: name)
        } else {
            uri = "data:\(MIMEType.image(path));base64,\(data.base64EncodedString())"
        }
        cache.withLock { cache in
            if cache.bytes > Self.cacheLimit {
                cache.encoded.removeAll(keepingCapacity: true)
                cache.bytes = 0
            }
            cache.encoded[path] = uri
            cache.bytes += uri.utf8.count
        }
        return uri
    }

    func placeholderURI(for name: String) -> String {
        "data:image/svg+xml;base64," + AvatarPlaceholder.svg(for: name).base64EncodedString()
    }
}
