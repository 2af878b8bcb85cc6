import Testing

@testable import RepoWatchSite
@testable import RepoWatchSupport

@Suite("Freed memory goes back to the system between build steps")
struct FreedMemoryTests {
    /// The function is found by name at run time: a libc that renamed or dropped it would leave
    /// every build's steps adding up their peaks again, silently.
    @Test("glibc's malloc_trim is found, and releasing after a large free does not disturb the heap")
    func found() {
        #if canImport(Glibc)
            #expect(FreedMemory.isAvailable)
        #endif
        var blocks = (0..<1000).map { [UInt8](repeating: UInt8($0 % 251), count: 4096) }
        blocks.removeLast(900)
        FreedMemory.release()
        let intact = blocks.indices.allSatisfy { index in blocks[index].allSatisfy { $0 == UInt8(index % 251) } }
        #expect(blocks.count == 100 && intact)
    }
}
