import Foundation
import RepoWatchModel
import RepoWatchOutput
import RepoWatchRender
import RepoWatchSupport

/// `open_data: true`: `data/repos.json` and `data/repos.csv` into the staged site, streamed a batch of
/// repositories at a time like snapshot.json (at 100,000 repositories each is tens of megabytes). The
/// render writes the schema, each repository's history.csv and its badges.
struct OpenDataStep: Sendable {
    let config: SiteConfig

    func write(_ snapshot: Snapshot, into staged: StagedSite) throws {
        guard config.openData else { return }
        let config = config
        let index = RepoIndex(config.repos)
        var records = RepoRecords(snapshot: snapshot) { name in
            guard !config.outputRanges.isEmpty, let position = index.position(of: name) else { return .all }
            return config.outputs(at: position)
        }
        // A site with a project on another forge writes schema 2 (`forge`, `host`); GitHub's alone, 1.
        if config.repos.contains(where: { !$0.isGitHub }) { records.forges = config.forges }
        try staged.add(SiteLayout.reposJSON) { path in
            let file = try FileOutput(creating: path)
            try records.writeJSON { data in try data.withUnsafeBytes { try file.write($0) } }
        }
        try staged.add(SiteLayout.reposCSV) { path in
            let file = try FileOutput(creating: path)
            try records.writeCSV { data in try data.withUnsafeBytes { try file.write($0) } }
        }
    }
}
