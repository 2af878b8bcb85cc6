import Foundation
import RepoWatchModel

#if canImport(Glibc)
    import Glibc
#endif

/// Maps a request path onto a file inside the site folder, and nothing outside it: `..` and `.`
/// segments (plain or percent-encoded), encoded slashes, NUL bytes and symlinks that lead out of the
/// folder all resolve to "not found".
struct SitePathResolver: Sendable {
    let root: URL

    init(root: URL) { self.root = root.standardizedFileURL }

    enum Resolution: Equatable, Sendable {
        case file(URL)
        /// A folder asked for without its trailing slash: relative links inside it need the slash.
        case addSlash
        case notFound
    }

    /// - Parameter path: the percent-encoded path below the site root, without the leading base path.
    func resolve(_ path: Substring) -> Resolution {
        var segments: [String] = []
        for raw in path.split(separator: "/", omittingEmptySubsequences: true) {
            guard let segment = raw.removingPercentEncoding, Self.isSafe(segment) else { return .notFound }
            segments.append(segment)
        }
        let endsInSlash = path.isEmpty || path.hasSuffix("/")
        var candidate = root
        for segment in segments { candidate.appendPathComponent(segment) }

        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory) else {
            return .notFound
        }
        if isDirectory.boolValue {
            guard endsInSlash else { return .addSlash }
            candidate.appendPathComponent(SiteLayout.index)
        } else if endsInSlash {
            return .notFound
        }
        guard let real = Self.realPath(candidate), let realRoot = Self.realPath(root),
            real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/")
        else { return .notFound }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isFolder), !isFolder.boolValue else {
            return .notFound
        }
        return .file(URL(fileURLWithPath: real))
    }

    static func isSafe(_ segment: String) -> Bool {
        segment != "." && segment != ".." && !segment.contains("/") && !segment.contains("\\")
            && !segment.contains("\u{0}")
    }

    /// Symlinks resolved, so a link pointing out of the site is caught by the prefix check.
    static func realPath(_ url: URL) -> String? {
        guard let resolved = realpath(url.path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
