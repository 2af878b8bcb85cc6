import Foundation

/// The script `serve` adds to every HTML response (never to the files in public/): it reloads the
/// page after a rebuild and shows a failed rebuild's error over the page.
package enum LiveReloadScript {
    package static let marker = "data-repowatch-live-reload"

    /// Inserted before the last `</body>`, or appended when a page has none.
    package static func inject(into html: Data, socketPath: String, error: String?) -> Data {
        let script = Data(tag(socketPath: socketPath, error: error).utf8)
        let closing = Data("</body>".utf8)
        let lowered = Data(html.map { (65...90).contains($0) ? $0 + 32 : $0 })
        guard let range = lowered.range(of: closing, options: .backwards) else { return html + script }
        var result = html
        result.replaceSubrange(range.lowerBound..<range.lowerBound, with: script)
        return result
    }

    /// A JavaScript string literal that cannot end the surrounding `<script>` element.
    package static func literal(_ text: String?) -> String {
        guard let text,
            let data = try? JSONSerialization.data(
                withJSONObject: text, options: [.fragmentsAllowed, .withoutEscapingSlashes])
        else { return "null" }
        return String(decoding: data, as: UTF8.self)
            .replacingOccurrences(of: "<", with: "\\u003c")
            .replacingOccurrences(of: "\u{2028}", with: "\\u2028")
            .replacingOccurrences(of: "\u{2029}", with: "\\u2029")
    }

    package static func tag(socketPath: String, error: String?) -> String {
        """
        <script \(marker)>
        (() => {
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
          const initialError = \(literal(error));
          if (initialError) addEventListener("DOMContentLoaded", () => showError(initialError));
          const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + \(literal(socketPath));
          let wasOpen = false;
          function connect() {
            const socket = new WebSocket(url);
            socket.onopen = () => {
              // The server came back after a restart: what it serves may have changed meanwhile.
              if (wasOpen) location.reload();
              wasOpen = true;
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
        </script>

        """
    }
}
