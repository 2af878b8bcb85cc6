import ArgumentParser
import Foundation
import RepoWatchServe
import RepoWatchSite
import RepoWatchSupport

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the site, serve it on 127.0.0.1 and rebuild it as you edit.",
        usage: "repowatch-site serve [--port <port>] [--host <address>] [--base-path </REPO/>] [<build options>]",
        discussion: """
            Builds like `build` (it takes the same options), then serves the output folder at \
            http://127.0.0.1:PORT/ and prints that URL. Saving site.yml or a file under Templates/ rebuilds \
            the site once the changes settle, and open pages reload themselves. A failed rebuild keeps serving \
            the last good site and shows the error in the terminal and over the page.

            The reload script (a file, /__repowatch/livereload.js) is added only to what the server sends; \
            the files in the output folder stay exactly as `build` writes them. Each page is sent with its own \
            Content-Security-Policy as a header, so the preview allows exactly what GitHub Pages will. \
            Ctrl-C stops the server at once: open pages are told it went away, connections the browser keeps \
            open are closed, and only requests already under way are answered first.

            The preview is for you alone: it listens on 127.0.0.1, answers only requests addressed to \
            127.0.0.1:PORT, localhost:PORT or [::1]:PORT (a web page elsewhere cannot read it by pointing a name \
            of its own at your machine), and opens its live-reload connection only to its own pages. To look \
            at it from a phone, give --host an address of this machine (or 0.0.0.0 for all of them) and open \
            http://ADDRESS:PORT/ there; anyone on your network can then open it too, private repositories \
            included under `private: include`.

            Example, previewing a GitHub project page with sample data:
              repowatch-site serve --sample --base-path /watch/
            """)

    @Option(help: ArgumentHelp("The port to serve on; 0 picks a free one.", valueName: "port"))
    var port: UInt16 = 8000

    @Option(
        help: ArgumentHelp(
            "The address to listen on: 127.0.0.1 (the default, this machine only), another address of this machine, "
                + "or 0.0.0.0 for all of them.",
            valueName: "address"))
    var host = "127.0.0.1"

    /// For tests: how often live-reload sockets are pinged (one silent for three pings in a row is closed).
    @Option(name: .customLong("live-reload-ping"), help: .hidden)
    var liveReloadPing: Double = 30

    /// For tests: how long a kept-alive connection may stay quiet.
    @Option(name: .customLong("idle-timeout"), help: .hidden)
    var idleTimeout: Double = 15

    @Option(
        name: .customLong("base-path"),
        help: ArgumentHelp(
            "Serve the site under this path, as GitHub Pages does for a project (https://USER.github.io/REPO/).",
            valueName: "/REPO/"))
    var basePath = "/"

    @OptionGroup(title: "Build options")
    var build: BuildArguments

    /// The checks are `ServeOptions`' own (and the build's, `BuildArguments`), made here while parsing
    /// so a wrong flag is a usage error with this command's usage.
    func validate() throws { _ = try options }

    var options: ServeOptions {
        get throws {
            do {
                return try ServeOptions(
                    build: try build.options, port: port, host: host, basePath: basePath,
                    liveReloadPing: liveReloadPing,
                    idleSeconds: idleTimeout)
            } catch let error as UsageError {
                throw ValidationError(error.description)
            }
        }
    }

    func run() async throws {
        let options = try options
        let server = PreviewServer(options: options, log: StandardErrorLog()) { line in
            Console.write(line, to: .standardOutput)
        }
        try await runReportingErrors(config: options.build.configPath) {
            try await InterruptSignal.stopping(with: { server.stop() }) { try await server.run() }
        }
        FileHandle.standardError.write(Data("Stopped.\n".utf8))
    }
}
