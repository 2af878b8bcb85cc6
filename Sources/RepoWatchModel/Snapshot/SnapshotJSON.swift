import Foundation
import RepoWatchSupport

/// `snapshot.json` a repository at a time, byte for byte what `Snapshot.encoder` makes of the
/// whole: the encoder builds a tree of the entire document before writing a byte, which held
/// several times the file's size at once (docs/fast-paths.md).
package enum SnapshotJSON {
    /// The document followed by a newline, in pieces of about one repository each.
    package static func write(_ snapshot: Snapshot, to sink: (Data) throws -> Void) throws {
        // Pieces gathered to 64 KB, so a repository is not a system call.
        var pending = Data()
        try pieces(snapshot) { piece in
            pending.append(piece)
            if pending.count >= 1 << 16 {
                try sink(pending)
                pending.removeAll(keepingCapacity: true)
            }
        }
        if !pending.isEmpty { try sink(pending) }
    }

    private static let batch = 256

    /// A pretty-printed value nested two levels deep: four more spaces on every line but the blank one
    /// inside an empty list, as the encoder writes it. JSON strings escape their line breaks, so every
    /// "\n" in the text is the encoder's own.
    private static func piece(_ repo: RepoSnapshot, first: Bool) throws -> Data {
        let text = String(decoding: try Snapshot.encoder.encode(repo), as: UTF8.self)
        var piece = first ? "\n" : ",\n"
        piece.reserveCapacity(text.utf8.count * 5 / 4)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.startIndex != text.startIndex { piece += "\n" }
            if !line.isEmpty { piece += "    " + line }
        }
        return Data(piece.utf8)
    }

    private static func pieces(_ snapshot: Snapshot, to sink: (Data) throws -> Void) throws {
        guard !snapshot.repos.isEmpty else {
            try sink(try Snapshot.encoder.encode(snapshot) + Data("\n".utf8))
            return
        }
        // The frame around the list: the same document without repositories, split where they go.
        var frame = snapshot
        frame.repos = []
        let empty = String(decoding: try Snapshot.encoder.encode(frame), as: UTF8.self)
        guard let opening = empty.range(of: "\"repos\" : ["),
            let closing = empty[opening.upperBound...].firstIndex(of: "]")
        else {
            try sink(try Snapshot.encoder.encode(snapshot) + Data("\n".utf8))
            return
        }
        try sink(Data(empty[..<opening.upperBound].utf8))
        // Encoded on every core a batch at a time, written in order: only a batch is ever held.
        let repos = snapshot.repos
        for batch in stride(from: 0, to: repos.count, by: Self.batch) {
            let pieces = try Parallel.map(batch..<min(batch + Self.batch, repos.count)) { index in
                try piece(repos[index], first: index == 0)
            }
            for piece in pieces { try sink(piece) }
        }
        try sink(Data(("\n  " + empty[closing...] + "\n").utf8))
    }
}
