import Foundation

/// What stands in for the network and the passing of time in a build run inside a test: every
/// request of the build (the APIs, avatars, the published site) goes to `transport`, and every
/// wait (retries, rate limits, pacing) to `sleep`, so a build meets any fault in an instant.
package struct NetworkSubstitute: Sendable {
    package var transport: any HTTPTransport
    package var sleep: @Sendable (Double) async throws -> Void
    package var clock: @Sendable () -> Date

    package init(
        transport: any HTTPTransport, sleep: @escaping @Sendable (Double) async throws -> Void,
        clock: @escaping @Sendable () -> Date
    ) {
        self.transport = transport
        self.sleep = sleep
        self.clock = clock
    }
}
