/// Why the preview refuses a request: a status, and for the ones a person may meet in a browser, why.
package enum ServeRefusal: Error, Equatable, Sendable {
    case malformed
    /// A request head past `ServeLimits`' sizes.
    case tooLarge
    /// A request with a body: the preview only serves files.
    case hasBody
    /// A request head that started and did not finish within the idle time.
    case timedOut
    /// Not a name this server answers to, or a page of another site.
    case forbidden(String)
    /// Too many live-reload connections are open.
    case busy(String)

    package var status: Int {
        switch self {
        case .malformed: 400
        case .tooLarge: 431
        case .hasBody: 413
        case .timedOut: 408
        case .forbidden: 403
        case .busy: 503
        }
    }

    var reason: String {
        switch self {
        case .malformed: "Bad Request"
        case .tooLarge: "Request Header Fields Too Large"
        case .hasBody: "Content Too Large"
        case .timedOut: "Request Timeout"
        case .forbidden: "Forbidden"
        case .busy: "Service Unavailable"
        }
    }

    /// The plain-text body: the status line's words, and why.
    package var body: String {
        switch self {
        case .forbidden(let why), .busy(let why): "\(status) \(reason)\n\(why)\n"
        default: "\(status) \(reason)\n"
        }
    }

    /// The whole answer as bytes, for a connection that has no HTTP encoder (yet, or any more).
    var rawResponse: String {
        "HTTP/1.1 \(status) \(reason)\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
    }
}
