#if canImport(Glibc)
    import Glibc
#endif

/// A process starts with the signal mask of the thread that started it. A program that runs this one
/// from a thread blocking signals (Foundation's `Process` started from a Dispatch or Swift concurrency
/// thread, as a test suite or a build tool does) would leave Ctrl-C and SIGTERM without effect on
/// `build` and `serve`. Called first, on the main thread, so every thread made after has none blocked.
package enum InheritedSignals {
    package static func unblock() {
        var none = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, nil)
    }
}
