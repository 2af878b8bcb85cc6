/// Work over many items with at most `width` under way at once: the next item starts as soon as one
/// ends, so a slow one holds a single slot rather than a whole batch, and no more results wait in
/// memory than the window holds. Used for the repositories' fetches and an owner's listing pages.
enum SlidingWindow {
    /// Runs `work` for positions `0..<count`, in order, at most `width` at a time (at least one), and
    /// hands each result to `take` as it ends; `take` returning false cancels what is under way and
    /// starts nothing more.
    static func run<Value: Sendable>(
        count: Int, width: Int, work: @escaping @Sendable (Int) async -> Value, take: (Value) -> Bool
    ) async {
        await withTaskGroup(of: Value.self) { group in
            var next = 0
            func startNext() {
                guard next < count else { return }
                let position = next
                group.addTask { await work(position) }
                next += 1
            }
            for _ in 0..<max(1, width) { startNext() }
            while let value = await group.next() {
                guard take(value) else {
                    group.cancelAll()
                    return
                }
                startNext()
            }
        }
    }
}
