/// How far a repository's numbers can be trusted, as the cards (`data-state`), the open data and
/// `build --json` all say it: one rule, so they never disagree about a repository.
package enum DataState: String, Sendable, Comparable, CaseIterable {
    /// `pending`: a budgeted build has not reached it yet (not an error).
    case fresh, sample, pending, stale, unavailable

    /// A widget of several repositories shows the worst of their states.
    private var severity: Int {
        switch self {
        case .fresh: 0
        case .sample: 1
        case .pending: 2
        case .stale: 3
        case .unavailable: 4
        }
    }

    package static func < (lhs: DataState, rhs: DataState) -> Bool { lhs.severity < rhs.severity }
}

extension RepoSnapshot {
    /// Sample data is only ever shown as such; a repository not reached yet is pending before all else.
    package func dataState(sample: Bool) -> DataState {
        if pending { return .pending }
        if !isAvailable { return .unavailable }
        if stale { return .stale }
        return sample ? .sample : .fresh
    }
}
