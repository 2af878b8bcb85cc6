/// Where a repository's history starts, as its chart says (`data-history-start`): at GitHub's star
/// dates (`backfill`), or at the first build that saw it (`first-snapshot`), with the reason.
package struct HistoryStart: Sendable, Equatable {
    package enum From: String, Sendable {
        case backfill
        case firstSnapshot = "first-snapshot"
    }

    /// Why the star dates are not in the history; the raw values are what `data/history.json` says.
    package enum Reason: String, Sendable, CaseIterable {
        /// An empty stargazer list while `totalCount` > 0, `FORBIDDEN`, 403 or 404 (GitHub's rule since
        /// 2026-06-30).
        case starsHidden = "stars-hidden"
        /// `history: backfill: false` in site.yml.
        case backfillOff = "backfill-off"
        /// Not read yet: the GraphQL allowance ran out before this repository's turn.
        case notReadYet = "not-read-yet"
        /// No GraphQL API to ask (no token, or a build with `--offline`).
        case noGraphQL = "no-graphql"

        /// What the chart says, in English (the site's locale tables translate it by `rawValue`).
        package var message: String {
            switch self {
            case .starsHidden: "GitHub shows star dates only to the repository's admins and collaborators"
            case .backfillOff: "Star dates are not read: history backfill is off in site.yml"
            case .notReadYet: "Star dates have not been read yet"
            case .noGraphQL: "Star dates need GitHub's GraphQL API and a token"
            }
        }
    }

    package var from: From
    /// Nil with `backfill`.
    package var reason: Reason?

    package static let backfill = HistoryStart(from: .backfill, reason: nil)

    package static func firstSnapshot(_ reason: Reason?) -> HistoryStart {
        HistoryStart(from: .firstSnapshot, reason: reason)
    }

    /// One byte in the spooled record: 0 unknown, 1 backfill, 2 first snapshot without a reason, then
    /// one per reason.
    package var code: UInt8 {
        guard from == .firstSnapshot else { return 1 }
        guard let reason, let index = Reason.allCases.firstIndex(of: reason) else { return 2 }
        return UInt8(3 + index)
    }

    package init?(code: UInt8) {
        switch code {
        case 0: return nil
        case 1: self = .backfill
        case 2: self = .firstSnapshot(nil)
        default:
            let index = Int(code) - 3
            guard index < Reason.allCases.count else { return nil }
            self = .firstSnapshot(Reason.allCases[index])
        }
    }

    package init(from: From, reason: Reason?) {
        self.from = from
        self.reason = from == .backfill ? nil : reason
    }
}
