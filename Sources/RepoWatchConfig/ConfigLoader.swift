import Foundation
import RepoWatchModel
import RepoWatchSupport
import Yams

/// Reads `site.yml` from YAML nodes (not Codable) so every problem can name its line and column.
public struct ConfigLoader: Sendable {
    public let file: String

    public init(file: String) { self.file = file }

    /// The configuration, and the warnings it loaded with.
    public struct LoadedConfig: Sendable {
        public var config: SiteConfig
        public var warnings: [Diagnostic]
    }

    public static func load(path: String) throws -> LoadedConfig {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw DiagnosticsError([
                Diagnostic(
                    .error, file: path, line: 1, column: 1,
                    "this is a folder; give the file inside it: --config \(path)/site.yml")
            ])
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw DiagnosticsError([
                Diagnostic(
                    .error, file: path, line: 1, column: 1, "cannot read the configuration: \(Self.reason(error))")
            ])
        }
        return try ConfigLoader(file: path).parse(text)
    }

    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError {
            return "no such file (run `repowatch-site init` to create one)"
        }

        return nsError.localizedDescription
    }

    public func parse(_ text: String) throws -> LoadedConfig {
        var reader = SiteConfigReader(file: file)
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
