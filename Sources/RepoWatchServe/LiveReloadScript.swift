import Foundation

/// The script `serve` adds to every HTML response (never to the files in public/): it reloads the
/// page after a rebuild and shows a failed rebuild's error over the page. A file of its own, loaded
/// with `<script src>`, so the pages' Content-Security-Policy (only the site's own scripts) holds
/// under `serve` exactly as it does on GitHub Pages.
enum LiveReloadScript {
    static let marker = "data-repowatch-live-reload"
    /// Below the base path: where the socket is, plus `.js`.
    static let socketName = "__repowatch/livereload"
    static let fileName = socketName + ".js"

    /// Inserted before the last `</body>`, or appended when a page has none.
    static func inject(into html: Data, scriptPath: String) -> Data {
        let script = Data(tag(scriptPath: scriptPath).utf8)
        let closing = Data("</body>".utf8)
        let lowered = Data(html.map { (65...90).contains($0) ? $0 + 32 : $0 })
        guard let range = lowered.range(of: closing, options: .backwards) else { return html + script }
        var result = html
        result.replaceSubrange(range.lowerBound..<range.lowerBound, with: script)
        return result
    }

    /// `scriptPath` is made of the base path, which `ServeOptions.normalizeBasePath` keeps to plain
    /// folder names (no quotes, no `<`).
    static func tag(scriptPath: String) -> String {
        "<script src=\"\(scriptPath)\" \(marker)></script>\n"
    }

    /// The socket is the script's own URL without `.js`, so the script needs no inline configuration.
    /// A failed rebuild's error arrives over the socket (the hub sends it to each new connection).
    /// Styles are set through the CSSOM, which the policy allows, never as a `style` attribute.
    package static let source = """
        // repowatch-site serve: live reload, and a failed rebuild's error over the page.
        (() => {
          "use strict";
          const script = document.currentScript;
          const socketURL = script.src.replace(/\\.js(?:[?#].*)?$/, "").replace(/^http/, "ws");
          const overlayId = "repowatch-error-overlay";
          function showError(message) {
            let overlay = document.getElementById(overlayId);
            if (!overlay) {
              overlay = document.createElement("div");
              overlay.id = overlayId;
              overlay.setAttribute("role", "alert");
              overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;padding:24px;" +
                "background:rgba(20,20,24,.92);color:#ffd1dc;font:14px/1.5 ui-monospace,Menlo,monospace";
              const title = document.createElement("h2");
              title.textContent = "repowatch-site: the rebuild failed; this is the last good site";
              title.style.cssText = "margin:0 0 12px;font:600 16px system-ui,sans-serif;color:#fff";
              const text = document.createElement("pre");
              text.style.cssText = "white-space:pre-wrap;margin:0";
              overlay.append(title, text);
              document.body.append(overlay);
            }
            overlay.querySelector("pre").textContent = message;
          }
          let wasOpen = false;
          function connect() {
            const socket = new WebSocket(socketURL);
            socket.onopen = () => {
              // The server came back after a restart: what it serves may have changed meanwhile.
              if (wasOpen) location.reload();
              wasOpen = true;
              document.documentElement.setAttribute("data-repowatch-live-reload", "connected");
            };
            socket.onmessage = (event) => {
              const message = JSON.parse(event.data);
              if (message.type === "reload") location.reload();
              if (message.type === "error") showError(message.message);
            };
            socket.onclose = () => setTimeout(connect, 1000);
          }
          connect();
        })();

        """
}
