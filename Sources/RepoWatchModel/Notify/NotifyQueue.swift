import Foundation
import RepoWatchSupport

/// What each `notify:` target is still to be sent (`.repowatch/notify/queue.json`): `build` adds
/// the entries it tells, `notify` sends them. Only `build` writes it; what `notify` did is in the
/// log beside it (`NotifyLog`), which the next build reads to take those entries out. Two files
/// with one writer each: the generated workflow carries the queue from the build job to the job
/// that sends after the deploy, and only the log back (docs/notifications.md).
package struct NotifyQueue: Codable, Sendable, Equatable {
    package static let schemaVersion = 1
    /// Past this many entries waiting for one target (a receiver down for weeks), the oldest go.
    package static let limit = 500

    package struct Item: Codable, Sendable, Equatable {
        package var entry: FeedEntry
        /// The build that queued it.
        package var queued: Date

        package init(entry: FeedEntry, queued: Date) {
            self.entry = entry
            self.queued = queued
        }
    }

    package var schema = NotifyQueue.schemaVersion
    /// By target id (`NotifyTarget.id`), oldest first.
    package var targets: [String: [Item]]

    package init(targets: [String: [Item]] = [:]) {
        self.targets = targets
    }

    package var isEmpty: Bool { targets.values.allSatisfy(\.isEmpty) }

    /// After a build: what `notify` did is taken out, targets no longer in site.yml are dropped, and
    /// each target gets the news it wants that it has not had.
    /// - Returns: how many entries the limit pushed out.
    @discardableResult
    package mutating func update(targets configured: [NotifyTarget], news: [FeedEntry], log: NotifyLog, now: Date)
        -> Int
    {
        var next: [String: [Item]] = [:]
        var pushedOut = 0
        for target in configured {
            var items = (targets[target.id] ?? []).filter { !log.isDone($0.entry.id, for: target.id) }
            var known = Set(items.map(\.entry.id))
            for entry in news where target.wants(entry) && !log.isDone(entry.id, for: target.id) {
                guard known.insert(entry.id).inserted else { continue }
                items.append(Item(entry: entry, queued: now))
            }
            if items.count > Self.limit {
                pushedOut += items.count - Self.limit
                items.removeFirst(items.count - Self.limit)
            }
            next[target.id] = items
        }
        targets = next
        return pushedOut
    }

    /// The entries of these repositories (lowercased keys) taken out: private ones a site leaves out,
    /// or (`kind`) only their entries of that kind (releases shown to a project's members only).
    package mutating func forget(_ keys: Set<String>, kind: FeedEntry.Kind? = nil) -> Bool {
        var changed = false
        for (id, items) in targets {
            let kept = items.filter { !keys.contains($0.entry.repo) || (kind != nil && $0.entry.kind != kind) }
            if kept.count != items.count {
                targets[id] = kept
                changed = true
            }
        }
        return changed
    }
}

/// What `notify` did with each target's entries (`.repowatch/notify/sent.json`): sent, or dropped,
/// by entry id and when; and when a target first refused an entry for good (a revoked URL), so it is
/// dropped a week later.
package struct NotifyLog: Codable, Sendable, Equatable {
    package static let schemaVersion = 1
    /// A done entry is remembered this long: well past the build that takes it out of the queue.
    package static let memory: TimeInterval = 60 * 86_400
    /// An entry a target keeps refusing is dropped this long after the first refusal.
    package static let refusalGrace: TimeInterval = 7 * 86_400

    package struct Target: Codable, Sendable, Equatable {
        /// Entry id → when it was sent (or dropped).
        package var done: [String: Date] = [:]
        /// Entry id → the first refusal for good.
        package var refused: [String: Date] = [:]

        package init() {}
    }

    package var schema = NotifyLog.schemaVersion
    package var targets: [String: Target]

    package init(targets: [String: Target] = [:]) {
        self.targets = targets
    }

    package func isDone(_ entry: String, for target: String) -> Bool { targets[target]?.done[entry] != nil }

    package mutating func markDone(_ entries: [String], for target: String, at time: Date) {
        var log = targets[target] ?? Target()
        for id in entries {
            log.done[id] = time
            log.refused[id] = nil
        }
        targets[target] = log
    }

    /// Records a refusal for good; returns when the first one was.
    package mutating func markRefused(_ entries: [String], for target: String, at time: Date) -> Date {
        var log = targets[target] ?? Target()
        var first = time
        for id in entries {
            let since = log.refused[id] ?? time
            log.refused[id] = since
            first = min(first, since)
        }
        targets[target] = log
        return first
    }

    /// What is older than `memory` is forgotten.
    package mutating func prune(now: Date) {
        for (id, var log) in targets {
            log.done = log.done.filter { now.timeIntervalSince($0.value) < Self.memory }
            log.refused = log.refused.filter { now.timeIntervalSince($0.value) < Self.memory }
            targets[id] = log
        }
    }
}

/// `.repowatch/notify/`: the queue and the log, each written whole and atomically.
package struct NotifyFiles: Sendable {
    static let folderName = String(KeptFile.notify.name.dropLast())
    package let folder: URL

    package init(cacheDirectory: URL) {
        folder = cacheDirectory.appendingPathComponent(Self.folderName, isDirectory: true)
    }

    package var queueURL: URL { folder.appendingPathComponent("queue.json") }
    var logURL: URL { folder.appendingPathComponent("sent.json") }

    /// The queue; empty when there is none. One that cannot be read is moved aside with a warning.
    package func loadQueue(warn: (String) -> Void) -> NotifyQueue {
        load(NotifyQueue.self, at: queueURL, schema: NotifyQueue.schemaVersion, warn: warn) ?? NotifyQueue()
    }

    package func loadLog(warn: (String) -> Void) -> NotifyLog {
        load(NotifyLog.self, at: logURL, schema: NotifyLog.schemaVersion, warn: warn) ?? NotifyLog()
    }

    /// Written even when empty: the workflow's notify job downloads the folder the build left.
    package func save(_ queue: NotifyQueue) throws {
        try write(queue, to: queueURL)
    }

    package func save(_ log: NotifyLog) throws {
        try write(log, to: logURL)
    }

    /// Takes the entries of these repositories out of the queue, and out of the log of what was sent
    /// (an id with a `base_url` is a tag URI naming the repository: `…:repowatch/owner/name/…`), for
    /// the private sweep; with `kind`, only their entries of that kind (an id names it after the
    /// repository: `…/owner/name/release/…`).
    package func forget(_ keys: Set<String>, kind: FeedEntry.Kind? = nil) {
        guard !keys.isEmpty else { return }
        if FileManager.default.fileExists(atPath: queueURL.path) {
            var queue = loadQueue(warn: { _ in })
            if queue.forget(keys, kind: kind) { try? save(queue) }
        }
        guard FileManager.default.fileExists(atPath: logURL.path) else { return }
        var log = loadLog(warn: { _ in })
        let named = keys.map { "repowatch/\($0)/" + (kind.map { "\($0.rawValue)/" } ?? "") }
        let keep = { (id: String) in !named.contains { id.lowercased().contains($0) } }
        var changed = false
        for (id, target) in log.targets {
            var kept = target
            kept.done = target.done.filter { keep($0.key) }
            kept.refused = target.refused.filter { keep($0.key) }
            if kept != target {
                log.targets[id] = kept
                changed = true
            }
        }
        if changed { try? save(log) }
    }

    private func write<Value: Encodable>(_ value: Value, to url: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileIO.writeAtomically(try Self.encoder.encode(value), to: url.path)
    }

    private func load<Value: Decodable>(_ type: Value.Type, at url: URL, schema: Int, warn: (String) -> Void)
        -> Value?
    {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let found = try decoder.decode(SchemaOnly.self, from: data).schema
            guard found == schema else { throw NotifyFileError.schema(found, expected: schema) }
            return try decoder.decode(type, from: data)
        } catch {
            let aside = url.appendingPathExtension("unreadable")
            try? FileManager.default.removeItem(at: aside)
            try? FileManager.default.moveItem(at: url, to: aside)
            warn("\(url.path): cannot read it (\(ErrorText.describe(error))); moved it to \(aside.lastPathComponent)")
            return nil
        }
    }

    private struct SchemaOnly: Decodable { var schema: Int }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()
}

enum NotifyFileError: Error, CustomStringConvertible {
    case schema(Int, expected: Int)

    var description: String {
        switch self {
        case .schema(let found, let expected): "schema \(found), expected \(expected)"
        }
    }
}
