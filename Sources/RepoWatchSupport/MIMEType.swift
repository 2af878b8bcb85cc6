/// Content types for the files a site holds; browsers refuse CSS and scripts sent with the wrong one.
package enum MIMEType {
    static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "map": "application/json",
        "webmanifest": "application/manifest+json",
        "xml": "application/xml",
        "txt": "text/plain; charset=utf-8",
        "md": "text/plain; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "ico": "image/x-icon",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "ttf": "font/ttf",
        "otf": "font/otf",
    ]

    package static let fallback = "application/octet-stream"

    package static func forPath(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return fallback }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? fallback
    }

    /// An image's type for a `data:` URI; what is not a known image is taken for the SVG placeholder.
    package static func image(_ path: String) -> String {
        let type = forPath(path)
        return type.hasPrefix("image/") ? type : "image/svg+xml"
    }

    package static func isHTML(_ path: String) -> Bool { forPath(path).hasPrefix("text/html") }
}
