/// Where a repository's history starts, as its chart says (`data-history-start`): at GitHub's star
/// history (`star-history`, the weekly and daily counts of `GET /repos/{owner}/{repo}/stargazers/history`),
/// at GitHub's star dates (`backfill`, read by earlier versions where the token could see them), or
/// at the first build that saw it (`first-snapshot`), with the reason.
package struct HistoryStart: Sendable, Equatable {
    package enum From: String, Sendable {
        case backfill
        case starHistory = "star-history"
        case firstSnapshot = "first-snapshot"
    }

    /// Why the star history is not in the history; the raw values are what `data/history.json` says.
    package enum Reason: String, Sendable, CaseIterable {
        /// `history: backfill: false` in site.yml.
        case backfillOff = "backfill-off"
        /// Not read yet: the budget ran out before this repository's turn, or it is still being read.
        case notReadYet = "not-read-yet"
        /// The API answered 404 for the star history (an older GitHub Enterprise Server): asked again
        /// no sooner than 30 days later.
        case notOffered = "not-offered"

        /// What the chart says, in English (the site's locale tables translate it by `rawValue`).
        package var message: String {
            switch self {
            case .backfillOff: "Star history is not read: history backfill is off in site.yml"
            case .notReadYet: "GitHub's star history has not been read yet"
            case .notOffered: "This GitHub does not offer the star history"
            }
        }
    }

    package var from: From
    /// Nil unless `first-snapshot`.
    package var reason: Reason?

    package static let backfill = HistoryStart(from: .backfill, reason: nil)
    package static let starHistory = HistoryStart(from: .starHistory, reason: nil)

    package static func firstSnapshot(_ reason: Reason?) -> HistoryStart {
        HistoryStart(from: .firstSnapshot, reason: reason)
    }

    /// Whether the history's first points were counted from GitHub (star history or star dates).
    package var isBackfilled: Bool { from != .firstSnapshot }

    /// The `reason` with which `data/history.json` marks a star-history start. The file says
    /// `"from":"backfill","reason":"star-history"`: readers before the star history reject an unknown
    /// `from` (and would start the history over) but read an unknown reason as none, so a rolled-back
    /// version keeps the points as a backfill.
    static let starHistoryMark = "star-history"

    /// `from` and `reason` as `data/history.json` writes them.
    var written: (from: String, reason: String?) {
        switch from {
        case .starHistory: (From.backfill.rawValue, Self.starHistoryMark)
        case .backfill: (From.backfill.rawValue, nil)
        case .firstSnapshot: (From.firstSnapshot.rawValue, reason?.rawValue)
        }
    }

    /// What `written` wrote; nil for a `from` no version writes. A reason this version does not know
    /// reads as none.
    init?(written from: String, reason: String?) {
        switch from {
        case From.backfill.rawValue: self = reason == Self.starHistoryMark ? .starHistory : .backfill
        case From.firstSnapshot.rawValue: self = .firstSnapshot(reason.flatMap(Reason.init(rawValue:)))
        default: return nil
        }
    }

    /// One byte in the spooled record: 0 unknown, 1 backfill, 2 star history, 3 first snapshot without
    /// a reason, then one per reason.
    package var code: UInt8 {
        switch from {
        case .backfill: return 1
        case .starHistory: return 2
        case .firstSnapshot:
            guard let reason, let index = Reason.allCases.firstIndex(of: reason) else { return 3 }
            return UInt8(4 + index)
        }
    }

    package init?(code: UInt8) {
        switch code {
        case 0: return nil
        case 1: self = .backfill
        case 2: self = .starHistory
        case 3: self = .firstSnapshot(nil)
        default:
            let index = Int(code) - 4
            guard index < Reason.allCases.count else { return nil }
            self = .firstSnapshot(Reason.allCases[index])
        }
    }

    package init(from: From, reason: Reason?) {
        self.from = from
        self.reason = from == .firstSnapshot ? reason : nil
    }
}
