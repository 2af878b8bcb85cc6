import Synchronization
import Testing

@testable import RepoWatchSources

/// The one window both the fetches and an owner's listing pages go through: it fills to its width
/// and never past it, starts the items in their order, hands each item back with its own value, and
/// the first failure ends it.
@Suite("Sliding window: full to its width and no more, each item with its own value, a failure ends it")
struct SlidingWindowTests {
    /// Counts the work under way; `opensAt` works wait until that many have started, so a window
    /// that never fills to its width would wait here (and the test's time limit fail it). The limit
    /// is generous: in the full suite the other tests can hold every thread for minutes.
    final class Tally: Sendable {
        struct State {
            var running = 0
            var most = 0
            var started: [Int] = []
            var arrived = 0
            var waiting: [CheckedContinuation<Void, Never>] = []
        }
        let state = Mutex(State())
        let opensAt: Int

        init(opensAt: Int = 0) { self.opensAt = opensAt }

        func enter(_ item: Int) async {
            await withCheckedContinuation { continuation in
                let released: [CheckedContinuation<Void, Never>] = state.withLock { state in
                    state.running += 1
                    state.most = max(state.most, state.running)
                    state.started.append(item)
                    state.arrived += 1
                    state.waiting.append(continuation)
                    guard state.arrived >= opensAt else { return [] }
                    defer { state.waiting = [] }
                    return state.waiting
                }
                for waiting in released { waiting.resume() }
            }
        }

        func leave() { state.withLock { $0.running -= 1 } }
    }

    struct Refusal: Error, Equatable { let item: Int }

    @Test(
        "the window fills to its width, never past it, and starts the items in order",
        .timeLimit(.minutes(10)), arguments: [1, 3, 8, 40])
    func fullToItsWidth(width: Int) async {
        let tally = Tally(opensAt: min(width, 30))
        var taken: [Int: String] = [:]
        await SlidingWindow.run(over: 0..<30, width: width) { item in
            await tally.enter(item)
            tally.leave()
            return "value of \(item)"
        } take: { item, value in
            #expect(taken[item] == nil, "item \(item) handed back twice")
            taken[item] = value
        }
        let state = tally.state.withLock { $0 }
        #expect(state.most == min(width, 30))
        #expect(state.started == Array(0..<30), "items start in order")
        #expect(taken == Dictionary(uniqueKeysWithValues: (0..<30).map { ($0, "value of \($0)") }))
    }

    @Test("each item comes back with its own value, whatever order the work ends in")
    func eachItemWithItsOwnValue() async {
        let items = (0..<200).map { ($0 * 37) % 200 }
        var taken: [(item: Int, value: Int)] = []
        await SlidingWindow.run(over: items, width: 7) { item in
            // Later items of the window end first now and then.
            for _ in 0..<(item % 5) { await Task.yield() }
            return item * 1_000 + 1
        } take: { item, value in
            taken.append((item, value))
        }
        #expect(taken.count == items.count)
        #expect(taken.allSatisfy { $0.value == $0.item * 1_000 + 1 })
        #expect(Set(taken.map(\.item)) == Set(items))
    }

    @Test("the first failure is thrown, and nothing starts after it")
    func theFirstFailureEndsIt() async {
        let tally = Tally()
        var taken: [Int] = []
        let width = 4
        await #expect(throws: Refusal(item: 2)) {
            try await SlidingWindow.run(over: 0..<100, width: width) { item in
                await tally.enter(item)
                tally.leave()
                if item == 2 { throw Refusal(item: item) }
                return item
            } take: { item, _ in
                taken.append(item)
            }
        }
        let started = tally.state.withLock { $0.started }
        #expect(!taken.contains(2))
        #expect(started.count <= taken.count + width, "started past the failure: \(started)")
        #expect(started.count < 100)
    }

    @Test("a width below one still runs the items, one at a time")
    func belowOneIsOneAtATime() async {
        let tally = Tally()
        var taken: [Int] = []
        await SlidingWindow.run(over: [5, 6, 7], width: 0) { item in
            await tally.enter(item)
            tally.leave()
            return item
        } take: { item, _ in
            taken.append(item)
        }
        #expect(taken == [5, 6, 7])
        #expect(tally.state.withLock { $0.most } == 1)
    }

    @Test("no items, no work")
    func noItems() async {
        var taken = 0
        await SlidingWindow.run(over: [Int](), width: 3) {
            $0
        } take: { _, _ in
            taken += 1
        }
        #expect(taken == 0)
    }
}
