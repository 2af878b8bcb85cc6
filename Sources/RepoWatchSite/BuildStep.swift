import Foundation
import RepoWatchModel
import RepoWatchOutput
import RepoWatchSources
import RepoWatchSupport

/// One step of the build: its name, which its timing and its failure carry, and what it does to the
/// work in progress. `Build.steps` lists them in order.
package struct BuildStep: Sendable {
    package let name: String
    package let body: @Sendable (inout BuildWork) async throws -> Void

    package init(_ name: String, _ body: @escaping @Sendable (inout BuildWork) async throws -> Void) {
        self.name = name
        self.body = body
    }
}

/// What the steps hand on: each reads what the ones before it left and adds its own part.
package struct BuildWork: Sendable {
    package let build: Build
    package let started: Date
    package var site: SiteInputs?
    /// Held from the lock step to the end of the build, whatever happens.
    var locks: BuildLocks?
    package var source: (any SiteSource)?
    package var gathered: SiteData?
    package var snapshot: Snapshot?
    package var history: (step: HistoryStep, history: History)?
    package var feed: (step: FeedStep, state: FeedState)?
    /// What the feed told this build of repositories an earlier build saw, until it is queued.
    var news: [FeedEntry] = []
    /// The notifications' next queue, saved with the site.
    var notifications: (step: NotifyStep, queue: NotifyQueue)?
    /// The rendered site, in its staging folder until the write step swaps it in.
    package var staged: StagedSite?
    package var written: RenderStep.Written?
    /// The published history's most points a repository, where the site's size made it a cut.
    var historyCut: Int?
    /// The whole history, written for the cache while the site rendered, until the write step puts it in place.
    var preparedHistory: BackgroundWork<PendingFile>?
    /// What this build's site is made from; nil for a sample or when an input could not be read.
    var fingerprint: SiteFingerprint?
    /// The published site, kept as it is: the last build made it from the same inputs.
    var unchanged: PublishedSite?
    package var result: BuildResult?
    /// How long each step took, in order.
    var timings: [StepTiming] = []

    package init(_ build: Build, started: Date) {
        self.build = build
        self.started = started
    }

    package var options: BuildOptions { build.options }
    package var log: any BuildLog { build.log }

    /// What an earlier step made; missing only when the steps are listed out of order.
    package func needs<T>(_ value: T?, _ what: String) throws -> T {
        guard let value else { throw StepOrderError(missing: what) }
        return value
    }

    /// After a failed step: the previous site and the feed's last table stay as they were.
    fileprivate func abandon() {
        staged?.abandon()
        (try? preparedHistory?.value())?.abandon()
        feed?.step.discardStaged()
    }
}

/// How long one step took.
struct StepTiming: Sendable, Equatable {
    var step: String
    var seconds: Double
}

/// A step needed what no earlier step made: the list in `Build.steps` is out of order.
struct StepOrderError: Error, CustomStringConvertible {
    var missing: String
    var description: String { "\(missing) is needed before any step makes it" }
}

/// A step failed for a reason other than the user's input: says which.
struct BuildStepError: Error, CustomStringConvertible, Sendable {
    var step: String
    var underlying: any Error

    var description: String { "could not \(step): \(ErrorText.describe(underlying))" }
}

extension Build {
    /// Runs the steps in order, each timed (the times are listed with `--verbose`) and followed by
    /// handing freed memory back (`FreedMemory`), so the steps' peaks do not add up. A failing step
    /// leaves the previous site as it was and names itself in the error, unless the error is the
    /// user's own (`site.yml:LINE:COL`, a flag), which passes through as it is. The locks are
    /// released however the steps end.
    package func run(_ steps: [BuildStep], on work: inout BuildWork) async throws {
        defer { work.locks?.release() }
        for step in steps {
            let began = ContinuousClock.now
            do {
                try await step.body(&work)
            } catch {
                work.abandon()
                throw Self.named(error, step: step.name)
            }
            let took = ContinuousClock.now - began
            let seconds = Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18
            work.timings.append(StepTiming(step: step.name, seconds: seconds))
            if options.fetch.verbose { log.info("\(step.name): \(String(format: "%.2f", seconds)) s") }
            FreedMemory.release()
        }
    }

    /// An unexpected error, wrapped to say which step failed; the user's own mistakes already say
    /// where they are, and a cancelled build was asked to stop.
    package static func named(_ error: any Error, step: String) -> any Error {
        switch error {
        case is UsageError, is DiagnosticsError, is NothingToBuild, is CancellationError, is BuildStepError: error
        default: BuildStepError(step: step, underlying: error)
        }
    }
}
