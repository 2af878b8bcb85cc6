import Testing

@testable import RepoWatchRender

@Suite("Chart axes: any counts a forge sends, never a trap")
struct ChartAxisTests {
    @Test(
        "the axis range holds the counts in order, up to the largest an Int holds",
        arguments: [(0, 10), (5, 5), (0, Int.max), (Int.max - 1, Int.max), (Int.max, Int.max)])
    func extremeCounts(_ pair: (Int, Int)) {
        let (bottom, top) = HistoryChart.axisRange(pair.0, pair.1)
        #expect(bottom < top)
        #expect(bottom <= pair.0)
        #expect(top >= min(pair.1, 1 << 50))
    }

    @Test("hostile negative counts draw some axis instead of trapping")
    func negativeCounts() {
        for pair in [(Int.min, Int.max), (Int.min, Int.min + 1), (-3, 7)] {
            let (bottom, top) = HistoryChart.axisRange(pair.0, pair.1)
            #expect(bottom != top)
        }
    }
}
