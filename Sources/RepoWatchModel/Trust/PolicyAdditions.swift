/// `csp:` in site.yml: sources a site adds to its pages' Content-Security-Policy, for what a custom
/// template loads from elsewhere (an analytics script, a web font). Only sources that cannot turn an
/// injected string into running code are accepted: origins, `https:`, hashes; never `'unsafe-inline'`.
package struct PolicyAdditions: Sendable, Equatable {
    /// The directives a site may widen; the others stay as the build sets them.
    package enum Directive: String, Sendable, CaseIterable {
        case scriptSrc = "script-src"
        case styleSrc = "style-src"
        case imgSrc = "img-src"
        case fontSrc = "font-src"
        case connectSrc = "connect-src"
        case mediaSrc = "media-src"
        case frameSrc = "frame-src"

        /// A hash names one exact inline block: meaningful only where inline blocks exist.
        var acceptsHashes: Bool { self == .scriptSrc || self == .styleSrc }
        /// A `data:` or `blob:` script is a script anyone can write.
        var acceptsLocalSchemes: Bool { self != .scriptSrc && self != .frameSrc }
    }

    package private(set) var sources: [Directive: [String]] = [:]

    package init() {}

    package var isEmpty: Bool { sources.isEmpty }

    package subscript(directive: Directive) -> [String] { sources[directive] ?? [] }

    /// Adds a checked source once; returns why it is refused instead, in words for site.yml.
    @discardableResult
    package mutating func add(_ source: String, to directive: Directive) -> String? {
        if let problem = Self.problem(with: source, in: directive) { return problem }
        if !self[directive].contains(source) { sources[directive, default: []].append(source) }
        return nil
    }

    package static func problem(with source: String, in directive: Directive) -> String? {
        let name = directive.rawValue
        if source.hasPrefix("'") {
            if isHash(source) {
                return directive.acceptsHashes ? nil : "a hash only means something in script-src or style-src"
            }
            if source == "'self'" { return nil }
            return "\(source) is not accepted in `\(name)`: it would let an injected string run or restyle the "
                + "page; list each inline block's hash ('sha256-…') instead, or move it to a file"
        }
        if ["data:", "blob:"].contains(source) {
            return directive.acceptsLocalSchemes ? nil : "\(source) is not accepted in `\(name)`: anyone can write one"
        }
        if source == "https:" { return nil }
        guard isOrigin(source) else {
            return "'\(source)' is not a source: write an origin with its scheme, like https://plausible.io, "
                + "https://*.example.com or https:, or a hash like 'sha256-…'"
        }
        return nil
    }

    /// `'sha256-…'`, `'sha384-…'`, `'sha512-…'` with standard base64.
    static func isHash(_ source: String) -> Bool {
        guard source.count > 2, source.hasSuffix("'") else { return false }
        let inner = source.dropFirst().dropLast()
        for prefix in ["sha256-", "sha384-", "sha512-"] where inner.hasPrefix(prefix) {
            let digest = inner.dropFirst(prefix.count)
            return !digest.isEmpty
                && digest.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+/=".contains($0)) }
        }
        return false
    }

    /// `SCHEME://HOST[:PORT][/PATH]` with an http(s) or ws(s) scheme, a `*.` wildcard allowed at the
    /// host's start; nothing that could end the directive (`;`, `,`, spaces, quotes) or the `<meta>`
    /// attribute that carries it (`"`, `<`, `>`, `&`).
    static func isOrigin(_ source: String) -> Bool {
        let parts = source.split(separator: "://", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, ["https", "http", "wss", "ws"].contains(parts[0].lowercased()) else { return false }
        let rest = parts[1]
        let hostAndPort = rest.prefix { $0 != "/" }
        let path = rest.dropFirst(hostAndPort.count)
        let hostPort = hostAndPort.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        var host = hostPort[0]
        if host.hasPrefix("*.") { host = host.dropFirst(2) }
        let hostIsValid =
            !host.isEmpty && !host.hasPrefix(".") && !host.hasSuffix(".") && !host.contains("..")
            && host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }
        let portIsValid =
            hostPort.count == 1 || hostPort[1] == "*"
            || ((1...5).contains(hostPort[1].count) && hostPort[1].allSatisfy { $0.isASCII && $0.isNumber })
        let pathIsValid = path.allSatisfy { $0.isASCII && !$0.isWhitespace && !";,'\"<>&\\".contains($0) }
        return hostIsValid && portIsValid && pathIsValid
    }
}
