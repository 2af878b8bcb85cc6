import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSupport

// A repository an owner's list says is private is never asked for (not even its request line may
// name it), so its source cannot forget what an earlier build kept of it while fetching it, as it
// does for a `repos:` entry: the build hands the listed names over here instead.
extension ForgeSources {
    /// Under `private: exclude`, after the fetch: what the cache keeps in clear of each repository
    /// on another forge found private (an owner's list holds it as private, or the start of the
    /// build sealed its document): its document, parts and faces, kept by an earlier `include`
    /// build or while it was public, are sealed or removed. `keys`: lowercased names.
    func forgetPrivate(_ keys: Set<String>) {
        for key in keys where !key.contains("/" + SealedName.marker) {
            guard let repo = RepoName.parse(key).value, let host = repo.host else { continue }
            sources[host]?.forgetListed(repo)
        }
    }
}

extension ForgeSource {
    /// The document's cache entry sealed (its validators stay), and its body as it was, to read
    /// what else it names.
    func sealDocument(at url: URL, in cache: ResponseCache) -> Data? {
        guard let entry = cache.entry(for: url.absoluteString), !entry.isSealed, entry.location == nil else {
            return nil
        }
        cache.store(entry.sealed())
        return entry.body
    }
}

extension GiteaSource {
    func forgetListed(_ repo: RepoName) {
        guard let cache = context.cache else { return }
        let body = sealDocument(at: urls(repo).document, in: cache)
        let document = body.flatMap { try? JSONDecoder().decode(GiteaRepository.self, from: $0) }
        forgetParts(of: repo, ownerFace: document?.owner?.avatarURL)
    }
}

extension GitLabSource {
    func forgetListed(_ repo: RepoName) {
        guard let cache = context.cache else { return }
        let id = repo.path.replacingOccurrences(of: "/", with: "%2F")
        guard let body = sealDocument(at: client.configuration.endpoint("/projects/\(id)"), in: cache),
            let project = try? JSONDecoder().decode(GitLabProject.self, from: body)
        else { return }
        forgetParts(of: project.id)
        forgetFace(of: project)
    }
}
