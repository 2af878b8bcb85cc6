import Foundation

/// `repowatch-site check`: the configuration and every template, validated without the network.
public struct Check: Sendable {
    public let configPath: String

    public init(configPath: String) { self.configPath = configPath }

    public func run() throws -> String {
        let loaded = try ConfigLoader.load(path: configPath)
        let directory = URL(fileURLWithPath: configPath).standardizedFileURL.deletingLastPathComponent()
        let templates = try TemplateSet.load(siteDirectory: directory)
        var lines = loaded.warnings.map(\.description)
        let overrides = templates.overridden.isEmpty ? "" : " (\(templates.overridden.count) from Templates/)"
        lines.append(
            "\(configPath): \(loaded.config.repos.count) repositories, \(loaded.config.widgets.count) widgets; "
                + "templates OK\(overrides)")
        return lines.joined(separator: "\n")
    }
}
