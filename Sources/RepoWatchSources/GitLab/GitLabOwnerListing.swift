import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchStorage

extension GitLabSource {
    /// GitLab's groups are not listed yet: site.yml refuses them before a build begins.
    func listOwner(_ source: OwnerSource, spool: RecordSpool) async throws -> OwnerListing {
        throw GitHubError.invalidResponse("\(source.owner): GitLab groups are not listed yet")
    }
}
