import Foundation

/// Waiting for a request the fixture server holds back (`--hold`). The server appends each held
/// request to `heldFile` as it arrives; the wait reads that file on a thread of its own. Asking the
/// server (`requests()`) would go through URLSession, whose callbacks need Dispatch's global queues:
/// a suite that has those busy sat in such a wait far past its time limit.
extension FixtureServer {
    /// The first held request matching `matching`; throws, saying what did arrive, once `deadline`
    /// seconds pass (a deadline a working build never comes near, so only a stuck one fails on it).
    func waitForHeldRequest(
        deadline seconds: Double = 120, matching: @escaping @Sendable (LoggedRequest) -> Bool = { _ in true }
    ) async throws -> LoggedRequest {
        let file = heldFile
        let found = await OwnThread.run { HeldFile(url: file).poll(for: .seconds(seconds), matching: matching) }
        if let request = found.match { return request }
        throw FixtureServerError(
            description: "no held request matched within \(Int(seconds)) s; held: "
                + "\(found.seen.map(\.description)); server stderr:\n\(serverStderr)")
    }
}

/// The server's file of held requests, read as it grows.
private struct HeldFile {
    let url: URL

    /// Every whole line so far (a line still being written has no newline yet and is left for later).
    func requests() -> [LoggedRequest] {
        guard let data = FileManager.default.contents(atPath: url.path) else { return [] }
        let whole = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
            .dropLast(data.last == UInt8(ascii: "\n") ? 0 : 1)
        return whole.compactMap { try? JSONDecoder().decode(LoggedRequest.self, from: Data($0)) }
    }

    /// Reads the file every 20 ms (a poll, not a wait for a state) until a request matches or `limit` passes.
    func poll(for limit: Duration, matching: (LoggedRequest) -> Bool) -> (match: LoggedRequest?, seen: [LoggedRequest])
    {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        while true {
            let seen = requests()
            if let match = seen.first(where: matching) { return (match, seen) }
            if clock.now >= deadline { return (nil, seen) }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }
}
