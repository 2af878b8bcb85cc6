import Foundation
import RepoWatchConfig
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchNotify
import RepoWatchRender
import RepoWatchSupport

/// `repowatch-site notify`: what the builds queued for each `notify:` target is sent, in the site's
/// language, with absolute links to the published pages. Each accepted message is written to the
/// log (`.repowatch/notify/sent.json`) before the next is sent; an entry a target is not ready for
/// waits; one it refuses for good is reported, and dropped a week after the first refusal.
package struct NotifyRun: Sendable {
    package struct Options: Sendable {
        package var configPath = "site.yml"
        package var cachePath: String?
        /// `--base-url`; site.yml's `base_url` otherwise.
        package var baseURL: URL?
        package var dryRun = false
        package var environment: [String: String] = ProcessInfo.processInfo.environment
        package var lockWait = 60.0

        package init() {}

        var cacheURL: URL {
            var build = BuildOptions()
            build.configPath = configPath
            build.cachePath = cachePath
            return build.cacheURL
        }
    }

    /// What happened to one target.
    package struct TargetReport: Sendable, Equatable {
        package var target: String
        package var sent = 0
        package var waiting = 0
        package var dropped = 0
        package var problem: String?
        package var refused = false
    }

    package struct Result: Sendable {
        package var targets: [TargetReport] = []
        /// Dry run: each message's body, by target, in order.
        package var bodies: [(target: String, body: Data)] = []
        package var exitCode: Int32 { targets.contains(where: \.refused) ? 1 : 0 }
    }

    let options: Options
    let log: any BuildLog
    let transport: any HTTPTransport
    let sleep: @Sendable (Double) async throws -> Void
    let now: Date

    package init(
        options: Options, log: any BuildLog, transport: (any HTTPTransport)? = nil,
        sleep: @escaping @Sendable (Double) async throws -> Void = { try await Task.sleep(for: .seconds($0)) },
        now: Date? = nil
    ) {
        self.options = options
        self.log = log
        self.transport = transport ?? URLSessionTransport(timeout: 30, connections: 1)
        self.sleep = sleep
        self.now = now ?? options.environment["REPOWATCH_NOW"].flatMap(ISO8601.parse) ?? Date()
    }

    package func run() async throws -> Result {
        let directory = URL(fileURLWithPath: options.configPath).deletingLastPathComponent()
        let catalog = LocaleCatalog.load(siteDirectory: directory)
        let loaded = try ConfigLoader.load(path: options.configPath, locales: catalog)
        let config = loaded.config
        guard let base = options.baseURL ?? config.baseURL else {
            throw UsageError(
                "notify needs the site's address for the links it sends: set base_url in "
                    + "\((options.configPath as NSString).lastPathComponent) or pass --base-url")
        }
        var result = Result()
        guard !config.notify.isEmpty else {
            log.info("\((options.configPath as NSString).lastPathComponent) has no notify: targets; nothing to send")
            return result
        }
        let files = NotifyFiles(cacheDirectory: options.cacheURL)
        let locks = try await BuildLocks.acquire(output: nil, cache: options.cacheURL, wait: options.lockWait, log: log)
        defer { locks.release() }
        let queue = files.loadQueue { log.warning($0) }
        var sentLog = files.loadLog { log.warning($0) }
        let strings = catalog.table(for: config.locale)
        let words = Self.words(strings, title: config.title, base: base)
        let text = FeedText(strings: strings)
        for target in config.notify {
            let due = (queue.targets[target.id] ?? []).filter { !sentLog.isDone($0.entry.id, for: target.id) }
            var report = TargetReport(target: Self.name(target))
            defer { result.targets.append(report) }
            guard !due.isEmpty else { continue }
            let items = due.map { Self.item(text.entry($0.entry), base: base) }
            let messages = WebhookMessages(format: target.format, digest: target.digest, words: words).messages(items)
            if options.dryRun {
                result.bodies += messages.map { (report.target, $0.body) }
                report.waiting = due.count
                continue
            }
            try await deliver(
                messages, count: due.count, to: target, config: config, log: &sentLog, files: files, report: &report)
        }
        sentLog.prune(now: now)
        if !options.dryRun { try files.save(sentLog) }
        say(result)
        return result
    }

    private func deliver(
        _ messages: [WebhookMessage], count: Int, to target: NotifyTarget, config: SiteConfig,
        log sentLog: inout NotifyLog,
        files: NotifyFiles, report: inout TargetReport
    ) async throws {
        let say = { (severity: Diagnostic.Severity, message: String) in
            tell(severity, message, at: target, config: config)
        }
        guard let value = options.environment[target.urlEnv], !value.isEmpty else {
            report.waiting = count
            report.problem = "\(target.urlEnv) is not set"
            say(.warning, "\(report.target): \(target.urlEnv) is not set; \(Self.waiting(count)) for it")
            return
        }
        guard let url = WebhookAddress.check(value) else {
            report.waiting = count
            report.refused = true
            report.problem = "\(target.urlEnv) is not an https URL"
            say(
                .error,
                "\(report.target): \(target.urlEnv) must hold an https URL (http only on this machine); "
                    + "\(Self.waiting(count))")
            return
        }
        let sender = WebhookSender(transport: transport, sleep: sleep)
        var sentIDs: Set<String> = []
        let answer = try await sender.send(messages, to: url, format: target.format) { ids in
            sentLog.markDone(ids, for: target.id, at: now)
            sentIDs.formUnion(ids)
            // Saved before the next message: a crash now resends nothing that was accepted.
            try files.save(sentLog)
        }
        report.sent = sentIDs.count
        let rest = messages.flatMap(\.entries).filter { !sentIDs.contains($0) }
        switch answer {
        case .accepted: break
        case .later(let reason):
            report.waiting = rest.count
            report.problem = reason
            log.warning("\(report.target): \(reason); \(Self.waiting(rest.count)) for the next run")
        case .refused(let reason):
            refused(rest, reason: reason, by: target, log: &sentLog, report: &report, say: say)
        }
    }

    /// A refusal for good: the entries wait a week from the first one, then go.
    private func refused(
        _ rest: [String], reason: String, by target: NotifyTarget, log sentLog: inout NotifyLog,
        report: inout TargetReport, say: (Diagnostic.Severity, String) -> Void
    ) {
        report.refused = true
        report.problem = reason
        let first = sentLog.markRefused(rest, for: target.id, at: now)
        guard now.timeIntervalSince(first) >= NotifyLog.refusalGrace else {
            report.waiting = rest.count
            say(
                .error,
                "\(report.target) refused (\(reason)); \(Self.entries(rest.count)) kept until "
                    + "\(Formatting.day(first.addingTimeInterval(NotifyLog.refusalGrace))), then dropped: "
                    + "check the webhook and its secret \(target.urlEnv)")
            return
        }
        sentLog.markDone(rest, for: target.id, at: now)
        report.dropped = rest.count
        say(
            .warning,
            "\(report.target) has refused since \(Formatting.day(first)) (\(reason)): "
                + "\(Self.entries(rest.count)) dropped; check the webhook and its secret \(target.urlEnv)")
    }

    /// Said at the target's line of site.yml (an annotation there under GitHub Actions).
    private func tell(_ severity: Diagnostic.Severity, _ message: String, at target: NotifyTarget, config: SiteConfig) {
        let diagnostic = Diagnostic(severity, file: config.file, line: target.line, column: target.column, message)
        DiagnosticReporter(log: log, environment: options.environment, configPath: options.configPath)
            .report([diagnostic])
    }

    /// One line a target on stderr, and under GitHub Actions the same in the step summary.
    private func say(_ result: Result) {
        var lines: [String] = []
        for report in result.targets {
            var parts: [String] = []
            if options.dryRun {
                if report.waiting > 0 { parts.append("\(Self.entries(report.waiting)) would be sent") }
            } else {
                if report.sent > 0 { parts.append("\(report.sent) sent") }
                if report.waiting > 0 { parts.append("\(report.waiting) waiting") }
                if report.dropped > 0 { parts.append("\(report.dropped) dropped") }
            }
            if let problem = report.problem { parts.append(problem) }
            lines.append("\(report.target): \(parts.isEmpty ? "nothing to send" : parts.joined(separator: ", "))")
        }
        for line in lines { log.info("Notifications: \(line)") }
        let actions = GitHubActions(environment: options.environment)
        guard actions.writesSummary, !lines.isEmpty else { return }
        let rows = lines.map { "- " + ConsoleText.inline($0) }.joined(separator: "\n")
        if let problem = actions.appendSummary("### Notifications\n\n\(rows)\n\n") { log.warning(problem) }
    }

    /// `slack (SLACK_WEBHOOK_URL)`: a target named by its format and its variable, never its URL.
    static func name(_ target: NotifyTarget) -> String { "\(target.format.rawValue) (\(target.urlEnv))" }

    static func entries(_ count: Int) -> String { Formatting.plural(count, "entry", "entries") }

    /// "1 entry waits", "3 entries wait".
    static func waiting(_ count: Int) -> String { entries(count) + (count == 1 ? " waits" : " wait") }

    static func item(_ entry: FeedEntry, base: URL) -> NotifyItem {
        let link = URL(string: entry.link, relativeTo: base)?.absoluteURL ?? base
        return NotifyItem(
            id: entry.id, kind: entry.kind, repo: entry.repo, title: entry.title, summary: entry.summary, link: link,
            time: entry.updated)
    }

    static func words(_ strings: StringTable, title: String, base: URL) -> NotifyWords {
        NotifyWords(
            siteTitle: title, siteURL: base, open: strings.text("notify_open", ["site": title]),
            digestTitle: { strings.plural("notify_digest_title", count: $0, ["site": title]) },
            more: { strings.plural("notify_more", count: $0) })
    }
}
