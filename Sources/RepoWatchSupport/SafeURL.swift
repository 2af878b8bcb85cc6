import Foundation

/// The one place that decides which URLs are fetched or linked: http(s) with a host. Anything else,
/// from the API or from the user (`javascript:`, `data:`, `file:`), is refused.
package enum SafeURL {
    package static func isWeb(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return false }
        return true
    }

    /// `text` when it is an http(s) URL, else nil.
    package static func http(_ text: String?) -> String? {
        guard let text, let url = URL(string: text), isWeb(url) else { return nil }
        return text
    }

    /// A site's base URL (`base_url`, `--base-url`), always ending in "/".
    package static func base(_ text: String) -> URL? {
        guard let url = URL(string: text.hasSuffix("/") ? text : text + "/"), isWeb(url) else { return nil }
        return url
    }
}
