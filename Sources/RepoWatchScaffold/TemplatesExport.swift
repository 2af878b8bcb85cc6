import BuiltinTemplates
import Foundation
import RepoWatchSupport

/// `repowatch-site templates export DIR`: the built-in templates, assets and string tables as files,
/// laid out as a site's `Templates/` folder is, ready to copy and change (a binary user has no
/// `Templates/` checkout to start from).
package struct TemplatesExport: Sendable {
    package let directory: URL
    package let force: Bool

    package init(directory: URL, force: Bool) {
        self.directory = directory
        self.force = force
    }

    /// Every file, by its path under the folder.
    package static var files: [(path: String, bytes: [UInt8])] {
        BuiltinTemplates.templates.map { ("\($0.key).mustache", $0.value) }
            + BuiltinTemplates.assets.map { ("assets/\($0.key)", $0.value) }
            + BuiltinTemplates.locales.map { ("locales/\($0.key).json", $0.value) }
    }

    /// Writes every file; refuses a folder that holds anything unless `force` (then same-named files
    /// are replaced and the others left alone).
    /// - Returns: the paths written, relative to the folder, sorted.
    package func run() throws -> [String] {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: directory.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw UsageError("\(directory.path) is a file, not a folder") }
            let contents = (try? manager.contentsOfDirectory(atPath: directory.path)) ?? []
            if !contents.isEmpty, !force {
                throw UsageError(
                    "\(directory.path) is not empty; export into a new folder, or give --force to replace the "
                        + "files of the same names")
            }
        }
        let files = Self.files.sorted { $0.path < $1.path }
        for file in files {
            let url = directory.appendingPathComponent(file.path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.bytes).write(to: url, options: .atomic)
        }
        return files.map(\.path)
    }
}
