import RepoWatchStorage

/// The published cut of a history too large for the site's host. `.repowatch/history.json` keeps every
/// point the tiers keep (`HistoryTiers`); a site that would pass GitHub Pages' 1 GB publishes, in
/// `data/history.json`, at most `limit` points per repository: the same tiers with every slot `factor`
/// times as long (12-hour slots become `factor` × 12 hours, weeks `factor` weeks, months `factor`
/// months), `factor` the smallest power of two, from about the repository's points over the limit,
/// that keeps it under. The oldest point (where the chart starts) and the newest two (the change since
/// the last build) are always kept. A history restored from the published site is this cut.
enum HistoryCut {
    /// No cut asks for fewer: the oldest point, the newest two and a few between always fit.
    static let floor = 8

    /// `points` (oldest first, as the tiers keep them) with at most `limit` left (`floor` at the least).
    static func cut(_ points: [HistoryPoint], limit: Int) -> [HistoryPoint] {
        let limit = max(limit, floor)
        guard points.count > limit else { return points }
        var factor = UInt32(max(2, points.count / limit))
        while true {
            let kept = coarsened(points, factor: factor)
            // Slots past any history's span leave one point a tier and the three always kept.
            if kept.count <= limit || factor >= 1 << 24 { return kept }
            factor *= 2
        }
    }

    /// The newest point of each slot, every slot `factor` times as long as the tiers', with the oldest
    /// point and the newest two.
    static func coarsened(_ points: [HistoryPoint], factor: UInt32) -> [HistoryPoint] {
        guard let newest = points.last?.seconds else { return points }
        var kept: [HistoryPoint] = []
        var previous: HistoryTiers.Slot?
        var index = points.count - 1
        // Newest first, as the tiers thin: the first point met in each slot is its newest.
        while index >= 0 {
            let point = points[index]
            let slot = coarse(HistoryTiers.slot(of: point.seconds, newest: newest), factor: factor)
            if slot != previous || index == 0 || index >= points.count - 2 { kept.append(point) }
            previous = slot
            index -= 1
        }
        return kept.reversed()
    }

    /// The tiers' slot, `factor` times as long: the last two days' points share 12-hour slots too.
    static func coarse(_ slot: HistoryTiers.Slot, factor: UInt32) -> HistoryTiers.Slot {
        switch slot {
        case .point(let seconds): .halfDay(seconds / 43_200 / factor)
        case .halfDay(let number): .halfDay(number / factor)
        case .week(let number): .week(number / factor)
        case .month(let number): .month(number / Int(factor))
        }
    }

    /// The most points a repository may publish so that `counts` (each repository's points) fit in
    /// `budget` points; nil when every point fits. Repositories with fewer points leave their share to
    /// the others (the largest limit whose total fits).
    static func limit(counts: [Int], budget: Int) -> Int? {
        guard counts.reduce(0, +) > budget else { return nil }
        let sorted = counts.sorted()
        var sums = [0]
        for count in sorted { sums.append(sums[sums.count - 1] + count) }
        // At most `limit` each: the counts under it whole, `limit` for each of the rest.
        func total(_ limit: Int) -> Int {
            var (low, high) = (0, sorted.count)
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] < limit { low = middle + 1 } else { high = middle }
            }
            return sums[low] + limit * (sorted.count - low)
        }
        var (low, high) = (floor, max(floor, sorted.last ?? floor))
        guard total(low) <= budget else { return floor }
        while low < high {
            let middle = (low + high + 1) / 2
            if total(middle) <= budget { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
