import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A child process, started with `posix_spawn` directly: the product's (Pagefind, git) and every
/// one the tests start. Foundation's `Process.run()` on Linux lists `/proc/self/fd` to close every
/// inherited descriptor in the child and copies each entry's whole 256-byte name buffer while doing
/// so (swift-corelibs-foundation#5472, fixed after the toolchain we build with): once the process
/// holds enough descriptors for the listing to fill glibc's buffer, that copy can read past the
/// buffer's page and the process dies in `memcpy`. Here the child closes what it should not inherit
/// with `posix_spawn_file_actions_addclosefrom_np`, and changes folder with `…_addchdir_np` rather
/// than the parent's own working folder (which Foundation changes and restores around the spawn,
/// under every other thread).
package final class SpawnedProcess: Sendable {
    /// Where one of the child's standard streams goes.
    package enum Stream: Sendable {
        case pipe(Pipe)
        case file(FileHandle)
    }

    enum TerminationReason: Sendable { case exit, uncaughtSignal }

    private struct Setup {
        var executableURL: URL?
        var arguments: [String]?
        var environment: [String: String]?
        var currentDirectoryURL: URL?
        var streams: [Stream?] = [nil, nil, nil]
        var terminationHandler: (@Sendable (SpawnedProcess) -> Void)?
    }

    private struct Run {
        var pid: pid_t = 0
        var ended: (status: Int32, reason: TerminationReason)?
    }

    private let setup = Mutex(Setup())
    private let state = Mutex(Run())
    /// Entered when the child starts, left when it has ended: any number of threads may wait on it.
    private let end = DispatchGroup()

    package init() {}

    // Set before `run()`.
    package var executableURL: URL? {
        get { setup.withLock { $0.executableURL } }
        set { setup.withLock { $0.executableURL = newValue } }
    }
    package var arguments: [String]? {
        get { setup.withLock { $0.arguments } }
        set { setup.withLock { $0.arguments = newValue } }
    }
    /// Nil: this process's environment.
    package var environment: [String: String]? {
        get { setup.withLock { $0.environment } }
        set { setup.withLock { $0.environment = newValue } }
    }
    package var currentDirectoryURL: URL? {
        get { setup.withLock { $0.currentDirectoryURL } }
        set { setup.withLock { $0.currentDirectoryURL = newValue } }
    }
    /// A `Pipe`, a `FileHandle`, or nil to share this process's.
    package var standardInput: Any? {
        get { stream(0) }
        set { setStream(0, newValue) }
    }
    package var standardOutput: Any? {
        get { stream(1) }
        set { setStream(1, newValue) }
    }
    package var standardError: Any? {
        get { stream(2) }
        set { setStream(2, newValue) }
    }
    /// Called once, on the waiting thread, when the child has ended.
    var terminationHandler: (@Sendable (SpawnedProcess) -> Void)? {
        get { setup.withLock { $0.terminationHandler } }
        set { setup.withLock { $0.terminationHandler = newValue } }
    }

    var processIdentifier: Int32 { state.withLock { $0.pid } }
    var isRunning: Bool { state.withLock { $0.pid != 0 && $0.ended == nil } }
    /// The exit status, or the signal's number when a signal ended it.
    package var terminationStatus: Int32 { state.withLock { $0.ended?.status ?? 0 } }
    var terminationReason: TerminationReason { state.withLock { $0.ended?.reason ?? .exit } }

    private func stream(_ index: Int) -> Any? {
        switch setup.withLock({ $0.streams[index] }) {
        case .pipe(let pipe)?: pipe
        case .file(let handle)?: handle
        case nil: nil
        }
    }

    private func setStream(_ index: Int, _ value: Any?) {
        let stream: Stream? =
            switch value {
            case let pipe as Pipe: .pipe(pipe)
            case let handle as FileHandle: .file(handle)
            default: nil
            }
        setup.withLock { $0.streams[index] = stream }
    }

    package func run() throws {
        let setup = setup.withLock { $0 }
        guard let executableURL = setup.executableURL else { throw SpawnError("no executable") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var parentEnds: [FileHandle] = []
        for (target, stream) in setup.streams.enumerated() {
            let (childEnd, parentCopy) = Self.ends(of: stream, reading: target == 0)
            guard let childEnd else { continue }
            posix_spawn_file_actions_adddup2(&actions, childEnd, Int32(target))
            if let parentCopy { parentEnds.append(parentCopy) }
        }
        try Self.closeFrom(&actions, 3)
        if let folder = setup.currentDirectoryURL { try Self.changeFolder(&actions, folder.path) }
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

        let argv = [executableURL.path] + (setup.arguments ?? [])
        let env = (setup.environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var child: pid_t = 0
        let status = Self.withCStrings(argv) { argvPointer in
            Self.withCStrings(env) { envPointer in
                posix_spawn(&child, executableURL.path, &actions, &attributes, argvPointer, envPointer)
            }
        }
        guard status == 0 else {
            throw SpawnError("posix_spawn \(executableURL.path): \(String(cString: strerror(status)))")
        }
        end.enter()
        state.withLock { $0.pid = child }
        // As Foundation does: the parent's copy of the child's end goes, so that end-of-file comes.
        for handle in parentEnds { try? handle.close() }
        let started = child
        Thread.detachNewThread { [self] in awaitEnd(of: started) }
    }

    package func waitUntilExit() {
        guard processIdentifier != 0 else { return }
        end.wait()
    }

    func terminate() { signal(SIGTERM) }
    func interrupt() { signal(SIGINT) }

    private func signal(_ number: Int32) {
        state.withLock { if $0.pid != 0, $0.ended == nil { _ = kill($0.pid, number) } }
    }

    private func awaitEnd(of child: pid_t) {
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        // WIFEXITED / WTERMSIG, spelled out: Glibc's macros are not imported.
        let signal = status & 0x7F
        let result: (Int32, TerminationReason) = signal == 0 ? ((status >> 8) & 0xFF, .exit) : (signal, .uncaughtSignal)
        state.withLock { $0.ended = result }
        end.leave()
        setup.withLock { $0.terminationHandler }?(self)
    }

    /// The descriptor the child gets for one stream, and the parent's copy of it to close after the start.
    private static func ends(of stream: Stream?, reading: Bool) -> (Int32?, FileHandle?) {
        switch stream {
        case .pipe(let pipe)?:
            let end = reading ? pipe.fileHandleForReading : pipe.fileHandleForWriting
            return (end.fileDescriptor, end)
        case .file(let handle)?: return (handle.fileDescriptor, nil)
        case nil: return (nil, nil)
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
