import Foundation
import RepoWatchModel
import RepoWatchSupport

/// `repowatch-site init`: a new site folder with site.yml, .gitignore and the Pages workflow.
public struct SiteScaffold: Sendable {
    public let directory: URL
    /// Replace files that already exist; without it nothing is written when any exists.
    public let force: Bool

    public init(directory: URL, force: Bool) {
        self.directory = directory.standardizedFileURL
        self.force = force
    }

    /// Root-relative path → contents, in the order they are written and reported.
    package static func files() -> [(path: String, text: String)] {
        let refreshText = DefaultSiteFile.refresh
        let seconds = SiteConfig.parseDuration(refreshText) ?? 12 * 3600
        return [
            ("site.yml", DefaultSiteFile.text),
            (".gitignore", DefaultSiteFile.gitignore),
            (PagesWorkflow.path, PagesWorkflow.text(refresh: seconds, refreshText: refreshText)),
        ]
    }

    /// Writes every file; returns their paths relative to `directory`.
    @discardableResult
    public func run() throws -> [String] {
        let manager = FileManager.default
        let files = Self.files()
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: directory.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw UsageError("\(directory.path) exists and is not a folder")
        }
        // Checked before writing anything, so a refused init leaves the folder as it was.
        let existing = files.map(\.path).filter {
            manager.fileExists(atPath: directory.appendingPathComponent($0).path)
        }
        if !existing.isEmpty && !force {
            throw UsageError(
                "\(existing.joined(separator: ", ")) already \(existing.count == 1 ? "exists" : "exist") in "
                    + "\(directory.path); nothing was written (use --force to overwrite)")
        }
        for file in files {
            let url = directory.appendingPathComponent(file.path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.text.utf8).write(to: url, options: .atomic)
        }
        return files.map(\.path)
    }
}
