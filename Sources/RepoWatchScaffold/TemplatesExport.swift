import BuiltinTemplates
import Foundation
import RepoWatchSupport

/// `repowatch-site templates export DIR`: the built-in templates, assets and string tables as files,
/// laid out as a site's `Templates/` folder is, ready to copy and change (a binary user has no
/// `Templates/` checkout to start from).
package struct TemplatesExport: Sendable {
    package let directory: URL
    package let force: Bool
    /// Only these files (`card.mustache`, `assets/style.css`); empty: every one.
    package let only: [String]

    package init(directory: URL, force: Bool, only: [String] = []) {
        self.directory = directory
        self.force = force
        self.only = only
    }

    /// Every file, by its path under the folder.
    package static var files: [(path: String, bytes: [UInt8])] {
        BuiltinTemplates.templates.map { ("\($0.key).mustache", $0.value) }
            + BuiltinTemplates.assets.map { ("assets/\($0.key)", $0.value) }
            + BuiltinTemplates.locales.map { ("locales/\($0.key).json", $0.value) }
    }

    /// Writes every file (or the ones named); refuses a folder that holds anything (or, for named
    /// files, a file already there) unless `force` (then same-named files are replaced and the others
    /// left alone).
    /// - Returns: the paths written, relative to the folder, sorted.
    package func run() throws -> [String] {
        let manager = FileManager.default
        let files = try chosen()
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: directory.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw UsageError("\(directory.path) is a file, not a folder") }
            let contents = (try? manager.contentsOfDirectory(atPath: directory.path)) ?? []
            if only.isEmpty, !contents.isEmpty, !force {
                throw UsageError(
                    "\(directory.path) is not empty; export into a new folder, or give --force to replace the "
                        + "files of the same names")
            }
            let there = files.map(\.path).filter {
                manager.fileExists(atPath: directory.appendingPathComponent($0).path)
            }
            if !only.isEmpty, let first = there.first, !force {
                throw UsageError(
                    "\(directory.appendingPathComponent(first).path) exists; give --force to replace it")
            }
        }
        for file in files {
            let url = directory.appendingPathComponent(file.path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.bytes).write(to: url, options: .atomic)
        }
        return files.map(\.path)
    }

    /// The files to write, sorted: every one, or those `only` names (a name without a folder may
    /// leave out `.mustache`).
    private func chosen() throws -> [(path: String, bytes: [UInt8])] {
        let all = Self.files.sorted { $0.path < $1.path }
        guard !only.isEmpty else { return all }
        let paths = all.map(\.path)
        return try only.map { name in
            if let file = all.first(where: { $0.path == name || $0.path == name + ".mustache" }) { return file }
            let hint =
                Suggestion.closest(to: name, among: paths).map { "; did you mean \($0)?" }
                ?? "; the templates are \(paths.filter { !$0.contains("/") }.joined(separator: ", "))"
            throw UsageError("no built-in file \(name)\(hint)")
        }
    }
}
