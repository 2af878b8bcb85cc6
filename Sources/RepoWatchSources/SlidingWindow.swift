/// Work over many items with at most `width` under way at once: the next item starts as soon as one
/// ends, so a slow one holds a single slot rather than a whole batch, and no more results wait in
/// memory than the window holds. Used for the repositories' fetches and an owner's listing pages.
///
/// The window owns the iteration: it takes the next item, starts its work and pairs the item with
/// the value once the work is done, so a caller's closure only maps an item to a value and holds no
/// position or counter of its own. The first shared window let the caller's closure return its
/// index beside a `Result` from both a `do` and its `catch`, and Swift 6.3.1's optimizer dropped the
/// index on the success path: release builds read an uninitialized index (docs/development.md).
enum SlidingWindow {
    /// Runs `work` on each of `items`, started in their order, at most `width` at a time (at least
    /// one), and hands each item with its value to `take` as its work ends. The first failure
    /// cancels what is under way, starts nothing more and is thrown; work that cannot fail
    /// (`Failure` is `Never`) makes a call that cannot throw.
    static func run<Items: Sequence, Value: Sendable, Failure: Error>(
        over items: Items, width: Int,
        work: @escaping @Sendable (Items.Element) async throws(Failure) -> Value,
        take: (Items.Element, Value) -> Void
    ) async throws(Failure) where Items.Element: Sendable {
        let failure = await withTaskGroup(of: (Items.Element, Result<Value, Failure>).self) { group -> Failure? in
            var pending = items.makeIterator()
            for _ in 0..<max(1, width) {
                guard let item = pending.next() else { break }
                start(item, work, in: &group)
            }
            while let (item, outcome) = await group.next() {
                switch outcome {
                case .success(let value): take(item, value)
                case .failure(let failure):
                    group.cancelAll()
                    return failure
                }
                if let item = pending.next() { start(item, work, in: &group) }
            }
            return nil
        }
        if let failure { throw failure }
    }

    private static func start<Item: Sendable, Value: Sendable, Failure: Error>(
        _ item: Item, _ work: @escaping @Sendable (Item) async throws(Failure) -> Value,
        in group: inout TaskGroup<(Item, Result<Value, Failure>)>
    ) {
        group.addTask {
            // The item joins the value after the await, never before it (see the type's comment).
            let outcome = await outcome(of: work, for: item)
            return (item, outcome)
        }
    }

    private static func outcome<Item, Value, Failure: Error>(
        of work: @Sendable (Item) async throws(Failure) -> Value, for item: Item
    ) async -> Result<Value, Failure> {
        do {
            return .success(try await work(item))
        } catch {
            return .failure(error)
        }
    }
}
