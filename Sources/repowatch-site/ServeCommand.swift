import ArgumentParser
import Foundation
import RepoWatchServe
import RepoWatchSite
import RepoWatchSupport

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the site, serve it on 127.0.0.1 and rebuild it as you edit.",
        usage: "repowatch-site serve [--port <port>] [--base-path </REPO/>] [<build options>]",
        discussion: """
            Builds like `build` (it takes the same options), then serves the output folder at \
            http://127.0.0.1:PORT/ and prints that URL. Saving site.yml or a file under Templates/ rebuilds \
            the site once the changes settle, and open pages reload themselves. A failed rebuild keeps serving \
            the last good site and shows the error in the terminal and over the page.

            The reload script (a file, /__repowatch/livereload.js) is added only to what the server sends; \
            the files in the output folder stay exactly as `build` writes them. Each page is sent with its own \
            Content-Security-Policy as a header, so the preview allows exactly what GitHub Pages will. \
            Ctrl-C stops the server.

            Example, previewing a GitHub project page with sample data:
              repowatch-site serve --sample --base-path /watch/
            """)

    @Option(help: ArgumentHelp("The port on 127.0.0.1 to serve on; 0 picks a free one.", valueName: "port"))
    var port: UInt16 = 8000

    @Option(
        name: .customLong("base-path"),
        help: ArgumentHelp(
            "Serve the site under this path, as GitHub Pages does for a project (https://USER.github.io/REPO/).",
            valueName: "/REPO/"))
    var basePath = "/"

    @OptionGroup(title: "Build options")
    var build: BuildArguments

    func validate() throws {
        if ServeOptions.normalizeBasePath(basePath) == nil {
            throw ValidationError("--base-path must be folder names separated by '/', like /watch/")
        }
    }

    func run() async throws {
        var options = ServeOptions(build: try build.options)
        options.port = port
        options.basePath = ServeOptions.normalizeBasePath(basePath) ?? "/"
        let server = PreviewServer(options: options, log: StandardErrorLog()) { line in
            Console.write(line, to: .standardOutput)
        }
        try await runReportingErrors(config: options.build.configPath) {
            try await InterruptSignal.cancelling { try await server.run() }
        }
        FileHandle.standardError.write(Data("Stopped.\n".utf8))
    }
}
