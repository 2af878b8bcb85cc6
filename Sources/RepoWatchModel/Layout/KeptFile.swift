import Foundation

/// Everything a build keeps besides the site it publishes, in one list: the files of the cache
/// folder (`.repowatch/` beside site.yml, which the generated workflow saves with actions/cache,
/// where any workflow of the repository, a pull request's included, can restore it) and the two
/// beside the output folder. Each says what it may hold about a repository, which the private
/// sweep (`PrivateCacheSweep.forget`) acts on file by file, and docs/security.md lists. A test
/// fails when the cache holds a file this list does not name.
///
/// A new state file is one line in `all` (and its owner reads its name from here): its `Holding`
/// says what a build under `private: exclude` does with a private repository's part of it.
package struct KeptFile: Sendable, Equatable, CustomStringConvertible {
    package enum Place: Sendable, Equatable {
        /// In the cache folder (`.repowatch/`).
        case cache
        /// Beside the output folder, named after it (`.public.lock` for `public/`).
        case besideOutput
    }

    /// What the file may hold about a repository, and so what is done with a private one's part.
    package enum Holding: Sendable, Equatable {
        /// Nothing about any repository.
        case nothing
        /// HTTP answers, one file each, named by a hash of the URL: a private repository's document
        /// is sealed (its URL hashed, its validators, `{"private":true}` for a body), an owner's list
        /// keeps it as a stub named by a hash, its contributors and their faces are removed.
        case sealedAnswers
        /// A JSON object of entries keyed by repository (`{"repos": {"owner/name": …}, "schema": 1}`):
        /// a private repository's entry is removed.
        case repositoryEntries
        /// Rewritten whole by every build from the repositories the site shows (`by`: the step that
        /// writes it), so a repository left out has nothing in it after the build.
        case shownRepositories(by: String)
        /// News queued for `notify:` targets and the log of what each was sent, by entry (whose id
        /// names the repository): a private repository's entries are removed (`NotifyFiles.forget`).
        case queuedNews
        /// Copies of an unreadable file, set aside for the user (`NAME.corrupt-TIME`): one that names
        /// a private repository is removed.
        case asideCopies
        /// The previous site, kept for the next build to write over: not kept when it may show a
        /// repository this build leaves out.
        case previousSite
    }

    /// The file's name in its place; a folder ends with `/`, and copies set aside are found by it
    /// as a prefix. Beside the output, `NAME` stands for the output folder's name.
    package let name: String
    package let place: Place
    package let holds: Holding

    package init(_ name: String, _ place: Place = .cache, holds: Holding) {
        self.name = name
        self.place = place
        self.holds = holds
    }

    package var description: String {
        place == .cache ? ".repowatch/" + name : name.replacingOccurrences(of: "NAME", with: "public")
    }

    package static let buildLock = KeptFile("build.lock", holds: .nothing)
    package static let answers = KeptFile("http/", holds: .sealedAnswers)
    package static let privateSealed = KeptFile("private-sealed", holds: .nothing)
    package static let fetchRecords = KeptFile("fetched.tsv", holds: .shownRepositories(by: "the fetch"))
    package static let openCounts = KeptFile("open-counts.json", holds: .repositoryEntries)
    package static let backfill = KeptFile("backfill.json", holds: .repositoryEntries)
    package static let starHistory = KeptFile("star-history.json", holds: .repositoryEntries)
    package static let history = KeptFile("history.json", holds: .shownRepositories(by: "the history step"))
    static let historyAside = KeptFile("history.json.corrupt-", holds: .asideCopies)
    package static let feed = KeptFile("feed.json", holds: .shownRepositories(by: "the feed step"))
    package static let feedMemory = KeptFile("feed-memory.tsv", holds: .shownRepositories(by: "the feed step"))
    static let feedAside = KeptFile("feed.json.corrupt-", holds: .asideCopies)
    package static let notify = KeptFile("notify/", holds: .queuedNews)
    package static let publishedSite = KeptFile("published-site.json", holds: .nothing)
    package static let ownerCards = KeptFile("owner-cards.json", holds: .shownRepositories(by: "the owner cards"))
    package static let outputLock = KeptFile(".NAME.lock", .besideOutput, holds: .nothing)
    package static let previousSite = KeptFile(".NAME.recycled/", .besideOutput, holds: .previousSite)

    /// Every file a build keeps.
    package static let all: [KeptFile] = [
        buildLock, answers, privateSealed, fetchRecords, openCounts, backfill, starHistory, history, historyAside, feed,
        feedMemory,
        feedAside, notify, publishedSite, ownerCards, outputLock, previousSite,
    ]

    /// Its path in `folder` (the cache folder).
    package func url(cache folder: URL) -> URL {
        folder.appendingPathComponent(String(name.trimmingSuffix("/")), isDirectory: name.hasSuffix("/"))
    }

    /// Its path beside the output folder `output`.
    package func url(besideOutput output: URL) -> URL {
        let named = name.replacingOccurrences(of: "NAME", with: output.lastPathComponent)
        return output.deletingLastPathComponent().appendingPathComponent(
            String(named.trimmingSuffix("/")), isDirectory: name.hasSuffix("/"))
    }

    /// The file of the list a path under the cache folder is (or is part of): a file of its own, a
    /// file in a folder of the list, a copy set aside, or what a writer leaves while it writes one
    /// (`NAME.tmp-N`, a staged `NAME.next`).
    static func owning(cachePath relative: String) -> KeptFile? {
        all.first { file in
            guard file.place == .cache else { return false }
            if file.name.hasSuffix("/") { return relative.hasPrefix(file.name) || relative + "/" == file.name }
            if file.holds == .asideCopies { return relative.hasPrefix(file.name) }
            return relative == file.name || relative.hasPrefix(file.name + ".tmp-") || relative == file.name + ".next"
        }
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> Substring {
        hasSuffix(suffix) ? dropLast(suffix.count) : self[...]
    }
}
