import Foundation

/// Any error in the user's words. Foundation's errors describe themselves as
/// "Error Domain=NSCocoaErrorDomain Code=512 … UserInfo={…}" or "The file isn't in the correct
/// format."; these say what went wrong with which file or host, the way `cp` or `curl` would.
package enum ErrorText {
    package static func describe(_ error: any Error) -> String {
        if let error = error as? URLError { return network(error.code, host: error.failingURL?.host) }
        if let error = error as? CocoaError { return file(error as NSError) }
        if let error = error as? POSIXError { return String(cString: strerror(error.code.rawValue)) }
        if let error = error as? DecodingError { return decoding(error) }
        if type(of: error) is NSError.Type {
            let nsError = error as NSError
            switch nsError.domain {
            case NSURLErrorDomain:
                let host = (nsError.userInfo[NSURLErrorFailingURLErrorKey] as? URL)?.host
                return network(URLError.Code(rawValue: nsError.code) ?? .unknown, host: host)
            case NSCocoaErrorDomain: return file(nsError)
            case NSPOSIXErrorDomain: return String(cString: strerror(Int32(nsError.code)))
            default: return plain(nsError.localizedDescription)
            }
        }
        return plain(String(describing: error))
    }

    /// A URL session's failure in a few words, naming the host when known.
    package static func network(_ code: URLError.Code, host: String?) -> String {
        let at = host.map { " \($0)" } ?? ""
        switch code {
        case .timedOut: return "timed out"
        case .cannotFindHost, .dnsLookupFailed: return "cannot find the host\(at)"
        case .cannotConnectToHost: return "cannot connect to\(at.isEmpty ? " the host" : at)"
        case .networkConnectionLost: return "the connection was lost"
        case .notConnectedToInternet: return "not connected to the internet"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            return "the secure connection\(at.isEmpty ? "" : " to" + at) failed"
        case .badServerResponse: return "the server's answer could not be read"
        case .cancelled: return "cancelled"
        case .unsupportedURL, .badURL: return "not a URL that can be fetched"
        case .httpTooManyRedirects: return "too many redirects"
        case .resourceUnavailable, .zeroByteResource: return "nothing was sent back"
        default: return "the network failed (URL error \(code.rawValue))"
        }
    }

    /// A file error: the POSIX reason when there is one (no space left on device, permission denied),
    /// with the file's path.
    private static func file(_ error: NSError) -> String {
        let path = (error.userInfo[NSFilePathErrorKey] as? String) ?? (error.userInfo[NSURLErrorKey] as? URL)?.path
        let at = path.map { "\($0): " } ?? ""
        let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain {
            return at + String(cString: strerror(Int32(underlying.code)))
        }
        if let path, let file = fileAmongParents(of: path) { return "\(file) is a file, not a folder" }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return at + "no such file or directory"
        case .fileReadNoPermission, .fileWriteNoPermission: return at + "permission denied"
        case .fileWriteOutOfSpace: return at + "no space left on device"
        case .fileWriteVolumeReadOnly: return at + "read-only file system"
        case .fileWriteFileExists: return at + "already exists"
        case .fileReadInapplicableStringEncoding, .fileReadCorruptFile: return at + "not UTF-8 text"
        case .fileReadTooLarge: return at + "too large to read"
        case .fileLocking: return at + "locked by another program"
        default:
            if let underlying { return at + describe(underlying) }
            return at + "cannot be read or written (file error \(error.code))"
        }
    }

    /// The file that stands where a folder of `path` should be (`init afile/sub`), if one does.
    private static func fileAmongParents(of path: String) -> String? {
        var url = URL(fileURLWithPath: path).deletingLastPathComponent()
        while url.path != "/" && !url.path.isEmpty {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) {
                return isFolder.boolValue ? nil : url.path
            }
            url.deleteLastPathComponent()
        }
        return nil
    }

    private static func decoding(_ error: DecodingError) -> String {
        func place(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return path.isEmpty ? "" : " at \(path.hasPrefix(".") ? String(path.dropFirst()) : path)"
        }
        switch error {
        case .dataCorrupted(let context): return "not valid JSON\(place(context))"
        case .keyNotFound(let key, let context): return "'\(key.stringValue)' is missing\(place(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "an unexpected value\(place(context))"
        @unknown default: return "not the expected JSON"
        }
    }

    /// A description that still carries Foundation's dump is cut to its words.
    private static func plain(_ text: String) -> String {
        guard let range = text.range(of: "Error Domain=") else { return text }
        let head = text[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
        return head.isEmpty
            ? "an unexpected system error" : head.trimmingCharacters(in: CharacterSet(charactersIn: ":( "))
    }
}
