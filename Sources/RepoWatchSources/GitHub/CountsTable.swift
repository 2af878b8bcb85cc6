import Foundation
import RepoWatchModel
import RepoWatchStorage

/// What GraphQL counted for each repository of the site, by its position in the site's list: a
/// record in a spool each (16 bytes a repository in memory), not a dictionary of names and values
/// (~200 bytes a repository, held from the first query to the end of the build).
package struct CountsTable: Sendable, Equatable {
    private var records: [RecordSpool.Record?]
    private let spool: RecordSpool
    /// How many repositories were counted.
    package private(set) var count = 0

    package init(size: Int = 0, spool: RecordSpool = RecordSpool()) {
        records = Array(repeating: nil, count: size)
        self.spool = spool
    }

    package var size: Int { records.count }

    package subscript(position: Int) -> OpenCounts? {
        get { records.indices.contains(position) ? records[position].map { Self.decode(spool.read($0)) } : nil }
        set {
            guard records.indices.contains(position) else { return }
            if records[position] == nil, newValue != nil { count += 1 }
            if records[position] != nil, newValue == nil { count -= 1 }
            records[position] = newValue.map { spool.append(Self.encode($0)) }
        }
    }

    package static func == (a: CountsTable, b: CountsTable) -> Bool {
        a.size == b.size && a.count == b.count && a.records.indices.allSatisfy { a[$0] == b[$0] }
    }

    private static func encode(_ counts: OpenCounts) -> [UInt8] {
        var out = RecordWriter(capacity: 48)
        out.write(counts.issues)
        out.write(counts.pulls)
        out.write(counts.release) { out, release in
            out.write(release.tag)
            out.write(release.publishedAt) { $0.write($1) }
        }
        out.write(counts.language) { out, language in
            out.write(language.name)
            out.write(language.color) { $0.write($1) }
        }
        out.write(counts.isPrivate) { $0.write($1) }
        return out.bytes
    }

    private static func decode(_ bytes: [UInt8]) -> OpenCounts {
        var input = RecordReader(bytes)
        let issues = input.readInt()
        let pulls = input.readInt()
        let release = input.readOptional { input in
            RepoRelease(tag: input.readString(), publishedAt: input.readOptional { $0.readDate() })
        }
        let language = input.readOptional { input in
            RepoLanguage(name: input.readString(), color: input.readOptional { $0.readString() })
        }
        return OpenCounts(
            issues: issues, pulls: pulls, release: release, language: language,
            isPrivate: input.readOptional { $0.readBool() })
    }
}
