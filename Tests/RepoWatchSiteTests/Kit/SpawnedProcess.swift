import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process the tests start: the part of Foundation's `Process` they use, started with
/// `posix_spawn` directly. Foundation's `Process.run()` on Linux lists `/proc/self/fd` to close every
/// inherited descriptor in the child and copies each entry's whole 256-byte name buffer while doing
/// so (swift-corelibs-foundation#5472, fixed after the toolchain we build with): once the test
/// process holds enough descriptors for the listing to fill glibc's buffer, that copy can read past
/// the buffer's page and the whole suite dies in `memcpy`. Here the child closes what it should not
/// inherit with `posix_spawn_file_actions_addclosefrom_np`, and changes folder with
/// `…_addchdir_np` rather than the parent's own working folder (which Foundation changes and
/// restores around the spawn, under every other thread).
final class SpawnedProcess: @unchecked Sendable {
    // Set before `run()`, then read only; what follows `run()` is behind `lock`.
    var executableURL: URL?
    var arguments: [String]?
    /// Nil: this process's environment.
    var environment: [String: String]?
    var currentDirectoryURL: URL?
    /// A `Pipe`, a `FileHandle`, or nil to share this process's.
    var standardInput: Any?
    var standardOutput: Any?
    var standardError: Any?
    /// Called once, on the waiting thread, when the child has ended.
    var terminationHandler: (@Sendable (SpawnedProcess) -> Void)?

    enum TerminationReason: Sendable { case exit, uncaughtSignal }

    private let lock = NSCondition()
    private var pid: pid_t = 0
    private var ended: (status: Int32, reason: TerminationReason)?

    var processIdentifier: Int32 { lock.withLock { pid } }
    var isRunning: Bool { lock.withLock { pid != 0 && ended == nil } }
    /// The exit status, or the signal's number when a signal ended it.
    var terminationStatus: Int32 { lock.withLock { ended?.status ?? 0 } }
    var terminationReason: TerminationReason { lock.withLock { ended?.reason ?? .exit } }

    func run() throws {
        guard let executableURL else { throw SpawnError("no executable") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var parentEnds: [FileHandle] = []
        for (stream, target) in [(standardInput, Int32(0)), (standardOutput, 1), (standardError, 2)] {
            let (childEnd, parentCopy) = Self.ends(of: stream, reading: target == 0)
            guard let childEnd else { continue }
            posix_spawn_file_actions_adddup2(&actions, childEnd, target)
            if let parentCopy { parentEnds.append(parentCopy) }
        }
        try Self.closeFrom(&actions, 3)
        if let folder = currentDirectoryURL { try Self.changeFolder(&actions, folder.path) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with default signal handling and nothing blocked, whatever this process set.
        var all = sigset_t()
        var none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = [executableURL.path] + (arguments ?? [])
        let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var child: pid_t = 0
        let status = Self.withCStrings(argv) { argvPointer in
            Self.withCStrings(env) { envPointer in
                posix_spawn(&child, executableURL.path, &actions, &attributes, argvPointer, envPointer)
            }
        }
        guard status == 0 else {
            throw SpawnError("posix_spawn \(executableURL.path): \(String(cString: strerror(status)))")
        }
        lock.withLock { pid = child }
        // As Foundation does: the parent's copy of the child's end goes, so that end-of-file comes.
        for handle in parentEnds { try? handle.close() }
        let started = child
        Thread.detachNewThread { [self] in awaitEnd(of: started) }
    }

    func waitUntilExit() {
        lock.lock()
        while ended == nil { lock.wait() }
        lock.unlock()
    }

    func terminate() { signal(SIGTERM) }
    func interrupt() { signal(SIGINT) }

    private func signal(_ number: Int32) {
        lock.withLock { if pid != 0, ended == nil { _ = kill(pid, number) } }
    }

    private func awaitEnd(of child: pid_t) {
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        // WIFEXITED / WTERMSIG, spelled out: Glibc's macros are not imported.
        let signal = status & 0x7F
        let result: (Int32, TerminationReason) = signal == 0 ? ((status >> 8) & 0xFF, .exit) : (signal, .uncaughtSignal)
        lock.withLock {
            ended = result
            lock.broadcast()
        }
        terminationHandler?(self)
    }

    /// The descriptor the child gets for one stream, and the parent's copy of it to close after the start.
    private static func ends(of stream: Any?, reading: Bool) -> (Int32?, FileHandle?) {
        switch stream {
        case let pipe as Pipe:
            let end = reading ? pipe.fileHandleForReading : pipe.fileHandleForWriting
            return (end.fileDescriptor, end)
        case let handle as FileHandle: return (handle.fileDescriptor, nil)
        default: return (nil, nil)
        }
    }

    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R)
        -> R
    {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    // glibc has both since 2.34 (closefrom) and 2.29 (chdir), but Swift's Glibc module does not
    // declare them: they are looked up by name.
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias ChangeFolder =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    private static func symbol<F>(_ name: String, as type: F.Type) throws -> F {
        guard let found = dlsym(dlopen(nil, RTLD_NOW), name) else { throw SpawnError("\(name) is not in this libc") }
        return unsafeBitCast(found, to: type)
    }

    private static func closeFrom(_ actions: inout posix_spawn_file_actions_t, _ lowest: Int32) throws {
        let add = try symbol("posix_spawn_file_actions_addclosefrom_np", as: CloseFrom.self)
        guard add(&actions, lowest) == 0 else { throw SpawnError("cannot close inherited descriptors") }
    }

    private static func changeFolder(_ actions: inout posix_spawn_file_actions_t, _ path: String) throws {
        let add = try symbol("posix_spawn_file_actions_addchdir_np", as: ChangeFolder.self)
        guard add(&actions, path) == 0 else { throw SpawnError("cannot change the child's folder to \(path)") }
    }
}

struct SpawnError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
