import Foundation
import RepoWatchModel
import RepoWatchSupport

/// `repowatch-site init`: a new site folder with site.yml, .gitignore and the Pages workflow.
package struct SiteScaffold: Sendable {
    package let directory: URL
    /// Replace files that already exist; without it nothing is written when any exists.
    package let force: Bool

    package init(directory: URL, force: Bool) {
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

    /// What `init` wrote, root-relative: every file, and where a replaced one was kept.
    package struct Written: Sendable {
        package var files: [String]
        /// (the replaced file, its copy), for each file `--force` replaced with different contents.
        package var backups: [(file: String, copy: String)]
    }

    /// Writes every file; with `force`, a file that exists with other contents is first copied
    /// beside itself (`site.yml.bak`, or `site.yml.bak.2` when that is taken too).
    @discardableResult
    package func run() throws -> Written {
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
                    + "\(directory.path); nothing was written (use --force to replace them; each is kept as "
                    + "NAME.bak first, or `init --workflow` rewrites only the workflow from site.yml)")
        }
        var backups: [(file: String, copy: String)] = []
        for file in files {
            let url = directory.appendingPathComponent(file.path)
            if let old = manager.contents(atPath: url.path), old != Data(file.text.utf8) {
                let copy = Self.backupPath(for: file.path, in: directory)
                try manager.copyItem(at: url, to: directory.appendingPathComponent(copy))
                backups.append((file.path, copy))
            }
        }
        for file in files {
            let url = directory.appendingPathComponent(file.path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.text.utf8).write(to: url, options: .atomic)
        }
        return Written(files: files.map(\.path), backups: backups)
    }

    /// `NAME.bak`, or the first of `NAME.bak.2`, `NAME.bak.3`… that does not exist: an earlier backup is
    /// never overwritten.
    static func backupPath(for path: String, in directory: URL) -> String {
        var candidate = path + ".bak"
        var number = 2
        while FileManager.default.fileExists(atPath: directory.appendingPathComponent(candidate).path) {
            candidate = path + ".bak.\(number)"
            number += 1
        }
        return candidate
    }

    /// What `init --workflow` did.
    package struct WorkflowUpdate: Sendable {
        package var path: String
        /// The workflow's schedule before (nil: there was no workflow, or it had no `cron:`).
        package var previousCron: String?
        package var cron: String
    }

    /// `init --workflow`: the Pages workflow alone, written again with its schedule from site.yml's
    /// `refresh` (read by the caller), and a notify job when site.yml has `notify:` targets (`notify`:
    /// their `url_env` names). Nothing else is touched.
    package static func writeWorkflow(in directory: URL, refresh seconds: Double, notify: [String] = []) throws
        -> WorkflowUpdate
    {
        let url = directory.standardizedFileURL.appendingPathComponent(PagesWorkflow.path)
        let previous = (try? String(contentsOf: url, encoding: .utf8)).flatMap { PagesWorkflow.schedule(in: $0)?.cron }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let text = PagesWorkflow.text(
            refresh: seconds, refreshText: PagesWorkflow.refreshText(seconds), notify: notify)
        try Data(text.utf8).write(to: url, options: .atomic)
        return WorkflowUpdate(
            path: PagesWorkflow.path, previousCron: previous, cron: CronSchedule.expression(every: seconds))
    }
}
