import Foundation
import Testing

/// The files under a folder with their bytes: what the checks that two builds wrote the same site (or
/// that a build left one as it was) compare.
enum SiteFiles {
    /// Every file under `folder`, relative path → bytes; empty when there is no folder.
    static func files(in folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let base = folder.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return files }
        for case let relative as String in walker {
            var isDirectory: ObjCBool = false
            let path = base + "/" + relative
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[relative] = FileManager.default.contents(atPath: path)
            }
        }
        return files
    }

    /// Expects the same paths with the same bytes in both, naming the paths that differ.
    static func expectSame(
        _ files: [String: Data], _ others: [String: Data], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            Set(files.keys) == Set(others.keys),
            "only on one side: \(Set(files.keys).symmetricDifference(others.keys).sorted())",
            sourceLocation: sourceLocation)
        let differing = files.keys.filter { others[$0] != nil && others[$0] != files[$0] }.sorted()
        #expect(differing.isEmpty, "other bytes: \(differing)", sourceLocation: sourceLocation)
    }
}
