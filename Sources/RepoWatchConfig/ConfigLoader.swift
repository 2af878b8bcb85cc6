import Foundation
import RepoWatchModel
import RepoWatchSupport
import Yams

/// Reads `site.yml` from YAML nodes (not Codable) so every problem can name its line and column.
package struct ConfigLoader: Sendable {
    package let file: String
    /// The string tables, loaded before site.yml, that `locale:` is checked against (an unknown one is
    /// a warning). Nil for the commands that render nothing (`repo`, `publish`, `init`): any well-formed
    /// tag is taken as it is.
    package let locales: LocaleCatalog?

    package init(file: String, locales: LocaleCatalog? = nil) {
        self.file = file
        self.locales = locales
    }

    /// The configuration, and the warnings it loaded with.
    package struct LoadedConfig: Sendable {
        package var config: SiteConfig
        package var warnings: [Diagnostic]
    }

    package static func load(path: String, locales: LocaleCatalog? = nil) throws -> LoadedConfig {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw DiagnosticsError([
                Diagnostic(
                    .error, file: path, line: 1, column: 1,
                    "this is a folder; give the file inside it: --config \(path)/site.yml")
            ])
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw DiagnosticsError([
                Diagnostic(
                    .error, file: path, line: 1, column: 1, "cannot read the configuration: \(Self.reason(error))")
            ])
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            let (line, column, byte) = Self.firstInvalidByte(in: data)
            throw DiagnosticsError([
                Diagnostic(
                    .error, file: path, line: line, column: column,
                    "this is not UTF-8 text (byte 0x\(String(byte, radix: 16, uppercase: true))); "
                        + "the configuration must be a YAML text file")
            ])
        }
        return try ConfigLoader(file: path, locales: locales).parse(text)
    }

    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError {
            return "no such file (run `repowatch-site init` to create one)"
        }
        // The path is already at the start of the line.
        var reason = ErrorText.describe(error)
        if reason.hasPrefix(path(of: nsError) + ": ") { reason.removeFirst(path(of: nsError).count + 2) }
        return reason
    }

    private static func path(of error: NSError) -> String {
        (error.userInfo[NSFilePathErrorKey] as? String) ?? (error.userInfo[NSURLErrorKey] as? URL)?.path ?? "\u{0}"
    }

    /// Where UTF-8 decoding first fails: line, column (in scalars) and the byte.
    private static func firstInvalidByte(in data: Data) -> (Int, Int, UInt8) {
        var end = data.startIndex
        while end < data.endIndex {
            let length: Int
            switch data[end] {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: length = 0
            }
            let next = end + length
            guard length > 0, next <= data.endIndex, String(validating: data[end..<next], as: UTF8.self) != nil else {
                break
            }
            end = next
        }
        let before = String(decoding: data[data.startIndex..<end], as: UTF8.self).unicodeScalars
        let line = before.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
        return (line, before[lineStart...].count + 1, end < data.endIndex ? data[end] : 0)
    }

    package func parse(_ text: String) throws -> LoadedConfig {
        var reader = SiteConfigReader(file: file, locales: locales)
        reader.lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw DiagnosticsError([YAMLErrorPlace(file: file, text: text).diagnostic(error)])
        }
        guard let root, case .mapping(let mapping) = root else {
            throw DiagnosticsError([
                reader.diagnostic(
                    .error, at: root,
                    root == nil
                        ? "\(file) is empty; list the repositories to show under `repos:` (OWNER/NAME)"
                        : "\(file) must be a mapping with at least `repos:`")
            ])
        }
        let config = reader.siteConfig(from: mapping, root: root)
        if reader.errors.isEmpty, let config {
            return LoadedConfig(config: config, warnings: reader.warnings)
        }
        throw DiagnosticsError(reader.errors + reader.warnings)
    }
}
