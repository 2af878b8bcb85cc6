import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSupport

/// What every forge's source does the same way around its own requests: its client, the document
/// that decides a card or the card that stands in for it, the parts asked beside it, and a private
/// repository left out. Each kind keeps only what its API says differently.
extension ForgeContext {
    /// A client for `forge`'s API with that host's token alone, counted in its `ledger` (the host's,
    /// shared with the source that listed its owners) and under its own allowances.
    func client(for forge: Forge, ledger: RequestLedger) -> GitHubClient {
        GitHubClient(
            configuration: .forge(baseURL: forge.api, token: token(for: forge), host: forge.host), stack: stack,
            cache: cache,
            ledger: ledger, allowances: .forge(host: forge.host))
    }

    /// The document `fetch` reads, or the card that stands in for it: pending where the budget
    /// deferred it, unavailable (the previous site standing in where that may) where the forge failed.
    func document<Document>(
        of repo: RepoName, _ fetch: () async throws -> (Document, GitHubClient.Staleness?)?
    ) async -> ForgeDocument<Document> {
        do {
            guard let (document, staleness) = try await fetch() else { return .sealed }
            return .found(document, staleness: staleness)
        } catch GitHubError.deferred {
            var pending = RepoSnapshot.pending(repo)
            // As GitHub's: the previous site stands in only when the cache was lost since.
            pending.failureIsTransient = !(records?.foundFile ?? false)
            return .standIn(pending)
        } catch {
            return .standIn(ForgeFailure.snapshot(repo, error))
        }
    }

    /// Whether a card's parts may be reused from the cache without asking: its activity date has not
    /// moved since they were asked (never under `--refresh`).
    func unchanged(at position: Int?, since date: Date?) -> Bool {
        !refresh && position.map { records?.unchanged(at: $0, pushedAt: date, now: now) ?? false } ?? false
    }

    /// A private repository the site leaves out: its name and that it is private, nothing the forge said.
    func leftOut(_ repo: RepoName, at position: Int?) -> RepoSnapshot {
        if let position { records?.forget(at: position) }
        var snapshot = RepoSnapshot(configName: repo.description)
        snapshot.isPrivate = true
        return snapshot
    }

    /// The forge answered for `repo` under another path (`HOST/path`): site.yml should follow; a
    /// private one's new name is not said. `noun`: what the forge calls it ("project").
    func warnIfMoved(_ repo: RepoName, to path: String, on host: String, isPrivate: Bool, noun: String) {
        guard path.lowercased() != repo.path.lowercased() else { return }
        if isPrivate {
            log.warning("\(repo) was moved, to a private \(noun); update site.yml")
        } else {
            log.warning("\(repo) was moved to \(ConsoleText.inline("\(host)/\(path)")); update site.yml")
        }
    }
}

/// What a forge said of a repository's document.
enum ForgeDocument<Document> {
    case found(Document, staleness: GitHubClient.Staleness?)
    /// The cache kept only that it is private.
    case sealed
    /// Pending or unavailable: the card to show instead.
    case standIn(RepoSnapshot)
}

/// What one of a card's parts came to: its value (nil when neither the forge nor the cache had
/// it), whether the forge was asked and answered, and its staleness when the cache answered alone.
struct ForgePart<Value: Sendable>: Sendable {
    var value: Value?
    var asked = false
    var staleness: GitHubClient.Staleness?

    /// The oldest of the document's staleness and its parts': the card is as old as its oldest part.
    static func oldest(_ document: GitHubClient.Staleness?, _ parts: [GitHubClient.Staleness?])
        -> GitHubClient.Staleness?
    {
        var oldest = document
        for part in parts {
            if let part, part.asOf < (oldest?.asOf ?? .distantFuture) { oldest = part }
        }
        return oldest
    }
}

extension GitHubClient {
    /// A forge's document of one repository, read as `Document`; nil when the cache kept only that it
    /// is private. `what` names it in the error when it cannot be read.
    func forgeDocument<Document: Decodable>(
        _ type: Document.Type, at url: URL, what: String,
        keptBody: (@Sendable (Data, [String: String]) -> Data)? = nil
    ) async throws -> (Document, GitHubClient.Staleness?)? {
        let fetched = try await get(url, accept: "application/json", keptBody: keptBody)
        guard fetched.status == 200 else { throw GitHubClient.failure(fetched) }
        if PrivateAnswers.isSealed(fetched.data) { return nil }
        do {
            return (
                try JSONDecoder().decode(type, from: fetched.data), fetched.cachedCopy(from: configuration.forgeHost)
            )
        } catch {
            throw GitHubError.invalidResponse("the \(what) could not be read (\(ErrorText.describe(error)))")
        }
    }

    /// One GET of a card's part whose answer `read` turns into a value (nil: unreadable, a failure).
    /// `answers`: the statuses `read` is given (a 404 may mean "none"); any other, 5xx, timeouts and a
    /// spent budget leave the cache's answer, stale, or nothing.
    func forgePart<Value>(
        _ url: URL, reuse: Bool, answers: Set<Int>, keptBody: (@Sendable (Data, [String: String]) -> Data)? = nil,
        read: (NetworkResponse) -> Value?
    ) async -> ForgePart<Value> {
        do {
            let fetched = try await get(
                url, accept: "application/json", reuseStored: reuse, existsForSure: true, keptBody: keptBody)
            guard answers.contains(fetched.status), let value = read(fetched) else {
                return ForgePart(value: nil, asked: false, staleness: fetched.cachedCopy(from: configuration.forgeHost))
            }
            let asked = fetched.source == .network || fetched.source == .revalidated
            return ForgePart(value: value, asked: asked, staleness: fetched.cachedCopy(from: configuration.forgeHost))
        } catch {
            return ForgePart(value: nil, asked: false, staleness: nil)
        }
    }
}
