import Foundation
import RepoWatchModel
import RepoWatchSupport

/// Where the site will be written, checked before anything is fetched: the swap at the end replaces
/// the whole folder, so it must be one this tool made (or an empty one), never a project folder.
package struct OutputLocation {
    package let output: URL
    /// Folders the output may not be or contain: the site's own folder, the cache.
    package let protecting: [URL]

    package init(output: URL, protecting: [URL]) {
        self.output = output.standardizedFileURL.resolvingSymlinksInPath()
        self.protecting = protecting.map { $0.standardizedFileURL.resolvingSymlinksInPath() }
    }

    package func check() throws {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath()
        for folder in protecting + [current] where Self.path(output, contains: folder) {
            throw UsageError(
                "refusing to write the site to \(output.path): it holds \(folder.path), which the build "
                    + "would replace; choose an output folder of its own, like public/")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: output.path, isDirectory: &isDirectory) else {
            try checkParent()
            return
        }
        guard isDirectory.boolValue else {
            throw UsageError("--output \(output.path) is a file, not a folder")
        }
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
        let madeByUs = FileManager.default.fileExists(atPath: output.appendingPathComponent(SiteLayout.snapshot).path)
        guard contents.isEmpty || madeByUs else {
            throw UsageError(
                "refusing to replace \(output.path): it is not a site this tool built (no \(SiteLayout.snapshot)) "
                    + "and not empty; move its files or choose another --output")
        }
    }

    /// The nearest existing ancestor must be a folder we can write in.
    private func checkParent() throws {
        var parent = output.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        while !FileManager.default.fileExists(atPath: parent.path, isDirectory: &isDirectory) {
            parent = parent.deletingLastPathComponent()
        }
        guard isDirectory.boolValue else {
            throw UsageError("cannot create \(output.path): \(parent.path) is a file")
        }
    }

    package static func path(_ ancestor: URL, contains descendant: URL) -> Bool {
        let a = ancestor.path.hasSuffix("/") ? ancestor.path : ancestor.path + "/"
        let d = descendant.path.hasSuffix("/") ? descendant.path : descendant.path + "/"
        return d.hasPrefix(a)
    }
}
