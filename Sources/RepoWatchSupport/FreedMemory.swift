#if canImport(Glibc)
    import Glibc
#endif

/// Hands memory the build has freed back to the system between steps.
///
/// glibc's malloc returns a freed block to the arena it came from, and threads allocate from
/// arenas of their own: what loading the config freed (the YAML tree of a long `repos:` list) stayed
/// in the loading thread's arena, out of reach of the render's threads, so the steps' peaks added up
/// in the resident size instead of sharing the same pages. `malloc_trim` returns every arena's free
/// pages.
/// It is looked up at run time (Swift's Glibc module does not export malloc.h); a libc without it
/// (musl) simply keeps its pages.
package enum FreedMemory {
    private typealias Trim = @convention(c) (Int) -> Int32

    private static let trim: Trim? = {
        #if canImport(Glibc)
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
            return unsafeBitCast(symbol, to: Trim.self)
        #else
            return nil
        #endif
    }()

    private typealias Option = @convention(c) (Int32, Int32) -> Int32

    private static let option: Option? = {
        #if canImport(Glibc)
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return nil }
            return unsafeBitCast(symbol, to: Option.self)
        #else
            return nil
        #endif
    }()

    /// Whether this libc can hand pages back (glibc can).
    package static var isAvailable: Bool { trim != nil }

    package static func release() { _ = trim?(0) }

    /// glibc's `M_ARENA_MAX`.
    private static let arenaMax: Int32 = -8

    /// At most `count` malloc arenas (glibc makes up to 8 a core): the fetch's many short-lived tasks
    /// then share freed memory instead of each thread keeping its own, which lowers a large
    /// organization's peak (docs/fast-paths.md).
    package static func limitArenas(to count: Int) { _ = option?(arenaMax, Int32(max(1, count))) }

    /// glibc's `M_MMAP_THRESHOLD` and `M_TRIM_THRESHOLD`.
    private static let mmapThreshold: Int32 = -3
    private static let trimThreshold: Int32 = -1

    /// Blocks of `mmapThreshold`'s size and more get pages of their own, handed back when freed, and
    /// a free heap top over the trim threshold is trimmed. glibc's default raises its mmap threshold
    /// each time such a block is freed (up to its maximum): the listing's bodies and the growing
    /// per-repository arrays then came from the heap, and the holes they left between long-lived
    /// blocks stayed resident, raising a budgeted build's peak (docs/fast-paths.md).
    package static func keepLargeBlocksApart() {
        _ = option?(mmapThreshold, 256 * 1024)
        _ = option?(trimThreshold, 1024 * 1024)
    }
}
