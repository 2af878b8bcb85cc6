import Foundation
import RepoWatchSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps a long-lived cache bounded: every build prunes the entries it did not use and that nobody
/// used for `CacheLifetimes.retention` (a repository removed from site.yml, an avatar no longer
/// shown), and `repowatch-site cache` shows, prunes or clears it on demand. `history.json` and the
/// lock file are not HTTP entries and are never touched.
package struct CacheMaintenance: Sendable {
    package let cache: ResponseCache

    /// What `cache info` reports.
    package struct Inventory: Sendable, Equatable {
        package var entries = 0
        package var bytes = 0
        /// Bodies with their validators.
        package var answers = 0
        package var redirects = 0
        /// Answers without validators, reused for a day (204, 403 "too large").
        package var keptAnswers = 0
        /// Entries of the first format, rewritten when next used.
        var legacy = 0
        package var unreadable = 0
        /// Unused for longer than the retention period: the next build or `cache prune` removes them.
        var prunable = 0
        var prunableBytes = 0
        var oldestUse: Date?
        var newestUse: Date?
    }

    package struct Removal: Sendable, Equatable {
        package var entries = 0
        package var bytes = 0
        package var remaining = 0
    }

    /// One file under `http/`.
    struct File {
        var path: String
        var key: String
        var bytes: Int
        var lastUse: Date
        var isTemporary: Bool
        var isLegacy: Bool
    }

    /// A folder (of 256) at a time: a list of every entry grew with the cache (docs/fast-paths.md).
    func forEachFile(_ body: (File) -> Void) {
        let manager = FileManager.default
        let root = cache.httpFolder.path
        for folder in ((try? manager.contentsOfDirectory(atPath: root)) ?? []).sorted() {
            let folderPath = root + "/" + folder
            for name in (try? manager.contentsOfDirectory(atPath: folderPath)) ?? [] {
                let path = folderPath + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
                let seconds = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1_000_000_000
                body(
                    File(
                        path: path, key: String(name.prefix { $0 != "." }), bytes: Int(info.st_size),
                        lastUse: Date(timeIntervalSince1970: seconds), isTemporary: name.utf8.contains(".tmp-".utf8),
                        isLegacy: name.hasSuffix("." + ResponseCache.legacyExtension)))
            }
        }
    }

    /// Seals every entry whose body says private (`ResponseCache.Entry.sealedIfPrivate`); one of
    /// the first format that holds a private answer is removed. A build under `private: exclude`
    /// does this once after one that published private repositories (`PrivateCacheSweep`).
    /// - Returns: the private repositories the bodies named, for their contributors and faces.
    package func sealPrivateAnswers() -> [PrivateAnswers.Repository] {
        var found: [PrivateAnswers.Repository] = []
        forEachFile { file in
            guard !file.isTemporary, let data = FileManager.default.contents(atPath: file.path) else { return }
            if file.isLegacy {
                if let entry = CacheEntryFormat.decodeLegacy(data), PrivateAnswers.redacted(entry.body) != nil {
                    unlink(file.path)
                }
                return
            }
            guard let entry = CacheEntryFormat.decode(data), let sealed = entry.sealedIfPrivate() else { return }
            found += PrivateAnswers.privateRepositories(in: entry.body).map { repository in
                var repository = repository
                repository.documentURL = entry.url
                return repository
            }
            cache.store(sealed)
        }
        return found
    }

    func isPrunable(_ file: File) -> Bool {
        cache.now.timeIntervalSince(file.lastUse) > CacheLifetimes.retention
    }

    package func inventory() -> Inventory {
        var inventory = Inventory()
        forEachFile { file in
            guard !file.isTemporary else { return }
            inventory.entries += 1
            inventory.bytes += file.bytes
            inventory.oldestUse = min(inventory.oldestUse ?? file.lastUse, file.lastUse)
            inventory.newestUse = max(inventory.newestUse ?? file.lastUse, file.lastUse)
            if isPrunable(file) {
                inventory.prunable += 1
                inventory.prunableBytes += file.bytes
            }
            let data = FileManager.default.contents(atPath: file.path) ?? Data()
            if file.isLegacy {
                inventory.legacy += 1
            } else if let entry = CacheEntryFormat.decode(data) {
                if entry.location != nil {
                    inventory.redirects += 1
                } else if entry.freshUntil != nil {
                    inventory.keptAnswers += 1
                } else {
                    inventory.answers += 1
                }
            } else {
                inventory.unreadable += 1
            }
        }
        return inventory
    }

    /// Removes the entries unused for longer than the retention period (a build marks what it reads
    /// or writes as used now), except `used`, and what killed writers left half-written.
    package func prune(keeping used: Set<String> = []) -> Removal {
        prune(keeping: used.contains)
    }

    /// `isUsed`: the entries this build used but could not mark (`CacheUsage.contains`).
    package func prune(keeping isUsed: (String) -> Bool) -> Removal {
        remove { file in file.isTemporary || (!isUsed(file.key) && isPrunable(file)) }
    }

    /// Every HTTP entry: the next build asks for everything again (unconditionally).
    package func clear() -> Removal {
        remove { _ in true }
    }

    private func remove(where shouldRemove: (File) -> Bool) -> Removal {
        var removal = Removal()
        var folders: Set<String> = []
        forEachFile { file in
            guard shouldRemove(file) else {
                if !file.isTemporary { removal.remaining += 1 }
                return
            }
            guard unlink(file.path) == 0 else { return }
            folders.insert((file.path as NSString).deletingLastPathComponent)
            if !file.isTemporary {
                removal.entries += 1
                removal.bytes += file.bytes
            }
        }
        // Only empty folders go; rmdir refuses the others.
        for folder in folders { rmdir(folder) }
        return removal
    }

    package init(cache: ResponseCache) {
        self.cache = cache
    }
}

extension CacheMaintenance.Inventory {
    /// The lines `cache info` prints.
    package func summary(directory: URL) -> [String] {
        var lines = ["\(directory.path): \(Formatting.plural(entries, "entry", "entries")), \(Self.size(bytes))"]
        guard entries > 0 else { return lines }
        var kinds = [
            "\(Formatting.plural(answers, "answer", "answers")) with validators",
            Formatting.plural(redirects, "redirect", "redirects"),
            "\(Formatting.plural(keptAnswers, "answer", "answers")) without validators (reused for a day)",
        ]
        if legacy > 0 { kinds.append("\(Formatting.grouped(legacy)) in the old format (rewritten when used)") }
        if unreadable > 0 { kinds.append("\(Formatting.grouped(unreadable)) unreadable (refetched when needed)") }
        lines.append("  " + kinds.joined(separator: ", "))
        if let oldestUse, let newestUse {
            lines.append(
                "  last used between \(Formatting.dayAndTime(oldestUse)) and \(Formatting.dayAndTime(newestUse))")
        }
        lines.append(
            "  unused for over \(CacheLifetimes.retentionDays) days: \(Formatting.plural(prunable, "entry", "entries")), "
                + "\(Self.size(prunableBytes)) (removed by the next build or `repowatch-site cache prune`)")
        return lines
    }

    package static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return Formatting.plural(bytes, "byte", "bytes") }
        if bytes < 1024 * 1024 { return String(format: "%.1f KiB", Double(bytes) / 1024) }
        return String(format: "%.1f MiB", Double(bytes) / 1024 / 1024)
    }
}

extension CacheMaintenance.Removal {
    /// "Removed 12 cache entries unused for over 30 days (1.2 MiB); 340 remain".
    package func summary(_ which: String = "") -> String {
        "Removed \(Formatting.plural(entries, "cache entry", "cache entries"))\(which) "
            + "(\(CacheMaintenance.Inventory.size(bytes))); \(Formatting.grouped(remaining)) "
            + (remaining == 1 ? "remains" : "remain")
    }
}
