import Foundation
import Synchronization
import Testing

@testable import RepoWatchSources

/// The one window both the fetches and an owner's listing pages go through: never more than its
/// width under way, every position run once, and a stop ends it.
@Suite("Sliding window: at most its width under way, each position once, a stop cancels the rest")
struct SlidingWindowTests {
    final class Tally: Sendable {
        let state = Mutex((running: 0, most: 0, started: [Int]()))
        func enter(_ position: Int) {
            state.withLock {
                $0.running += 1
                $0.most = max($0.most, $0.running)
                $0.started.append(position)
            }
        }
        func leave() { state.withLock { $0.running -= 1 } }
    }

    @Test("the window stays full and never overflows", arguments: [1, 3, 8, 40])
    func atMostItsWidth(width: Int) async {
        let tally = Tally()
        var taken: [Int] = []
        await SlidingWindow.run(count: 30, width: width) { position in
            tally.enter(position)
            // Let the others start while this one is under way.
            for _ in 0..<5 { await Task.yield() }
            tally.leave()
            return position
        } take: { position in
            taken.append(position)
            return true
        }
        let state = tally.state.withLock { $0 }
        #expect(state.most <= min(width, 30))
        #expect(state.started == Array(0..<30), "positions start in order")
        #expect(taken.sorted() == Array(0..<30))
    }

    @Test func aStopStartsNothingMore() async {
        let tally = Tally()
        var taken = 0
        await SlidingWindow.run(count: 100, width: 4) { position in
            tally.enter(position)
            tally.leave()
            return position
        } take: { _ in
            taken += 1
            return taken < 3
        }
        let started = tally.state.withLock { $0.started.count }
        #expect(taken == 3)
        #expect(started < 3 + 4, "at most the window's width started past the stop: \(started)")
    }

    @Test func aZeroWidthStillRunsOneAtATime() async {
        var taken: [Int] = []
        await SlidingWindow.run(count: 3, width: 0) {
            $0
        } take: {
            taken.append($0)
            return true
        }
        #expect(taken == [0, 1, 2])
    }
}
