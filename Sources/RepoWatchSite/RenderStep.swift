import Foundation
import RepoWatchModel
import RepoWatchOutput
import RepoWatchRender
import RepoWatchSupport

/// The render: every file into a staging folder, which replaces the site only when the write
/// step commits it, so a failed build leaves the previous site as it was.
package struct RenderStep: Sendable {
    /// The config, the templates and the render's options, as loaded.
    package let site: SiteInputs
    /// What the build gathered for the pages: the history, the avatars, the owners' headings, the feed.
    package let data: RenderData
    /// Where Pagefind's own messages go (search: true).
    package var log: (any BuildLog)?

    package struct Written: Sendable {
        package var fileCount: Int
        /// Files the previous site held with the same bytes: kept, not written.
        package var unchangedCount: Int
        /// Every file's size, added up.
        package var byteCount = 0

        package init(_ staged: StagedSite) {
            (fileCount, unchangedCount, byteCount) = (staged.fileCount, staged.unchangedCount, staged.byteCount)
        }

        init(fileCount: Int, unchangedCount: Int, byteCount: Int) {
            (self.fileCount, self.unchangedCount, self.byteCount) = (fileCount, unchangedCount, byteCount)
        }
    }

    /// - Returns: the finished site, still staged; on an error the staging folder is gone.
    package func render(_ snapshot: Snapshot) throws -> StagedSite {
        let staged = try SiteWriter(target: site.output).begin()
        do {
            let renderer = SiteRenderer(
                config: site.config, templates: site.templates, options: site.render, data: data)
            try renderer.render(snapshot, into: staged.add)
            try staged.add(SiteLayout.snapshot) { path in
                let file = try FileOutput(creating: path)
                try SnapshotJSON.write(snapshot) { data in try data.withUnsafeBytes { try file.write($0) } }
            }
            for path in data.avatars.paths { try staged.add(path, data.avatars[path]!) }
            if let pagefind = site.search {
                let said = try SearchIndex(pagefind: pagefind).add(to: staged)
                if !said.isEmpty { log?.info("Pagefind: \(said)") }
            }
        } catch {
            staged.abandon()
            throw error
        }
        return staged
    }

    /// `data/history.json`, staged last so that it knows the room the rest of the site leaves: every
    /// point while the site stays under `ceiling`, else the published cut (`HistoryCut`) that keeps it
    /// there. Streamed to disk (years of a large site's history are hundreds of MB), never one string.
    /// - Returns: the cut's most points a repository; nil when the whole history is published.
    static func publish(_ history: History, into staged: StagedSite, ceiling: Int, log: (any BuildLog)?) throws
        -> Int?
    {
        let cut = history.publishedCut(room: ceiling - staged.byteCount)
        try staged.add(SiteLayout.history) { path in try history.write(to: FileOutput(creating: path), cut: cut) }
        if let cut {
            log?.info(
                "\(SiteLayout.history): at most \(cut) points a repository, the history's published cut: every point "
                    + "would take the site past \(SiteSize.text(ceiling)) (GitHub Pages publishes 1 GB); "
                    + "the cache's history.json keeps them all")
        }
        return cut
    }
}
