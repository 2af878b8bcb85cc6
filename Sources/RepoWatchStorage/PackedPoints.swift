/// One repository's history points in a byte array. Per point, a flag byte says which of its six
/// values changed (and, in its seventh bit, whether the point is backfilled); only those follow, zigzag-encoded in as few 7-bit groups as they need
/// (`RecordWriter`'s integers). For the
/// time the change is in the interval (builds on a schedule keep it), for counts in the value.
/// Counts move little between builds, so a point takes 2 to 4 bytes instead of 20, which keeps a
/// year of history for 10,000 repositories within the build's memory budget.
package struct PackedPoints: Sendable, Equatable {
    package private(set) var count = 0
    private var bytes: [UInt8] = []

    package init(_ points: some Collection<HistoryPoint>) {
        var buffer = RecordWriter(capacity: points.count * 12)
        var previous = Values()
        for point in points {
            let next = Values(point, after: previous)
            var changes: [Int64] = []
            var flags: UInt8 = 0
            for (index, difference) in next.differences(from: previous).enumerated() where difference != 0 {
                flags |= 1 << index
                changes.append(difference)
            }
            if point.backfilled { flags |= Self.backfilledFlag }
            buffer.write(byte: flags)
            for difference in changes { buffer.write(Int(difference)) }
            previous = next
        }
        count = points.count
        // An exact copy: the spare capacity of 10,000 series adds up.
        bytes = [UInt8](unsafeUninitializedCapacity: buffer.bytes.count) { target, initialized in
            initialized = target.initialize(from: buffer.bytes).1
        }
    }

    /// The point count, then the bytes: what `History` spools.
    package var record: [UInt8] {
        var out = RecordWriter(capacity: bytes.count + 3)
        out.write(UInt64(count))
        out.append(bytes)
        return out.bytes
    }

    /// The flag byte's bit for a backfilled point (bits 0 to 5 say which values changed).
    private static let backfilledFlag: UInt8 = 1 << 6

    package init(record: [UInt8]) {
        var input = RecordReader(record)
        count = Int(input.readUInt64())
        bytes = input.readRest()
    }

    package var points: [HistoryPoint] {
        var points: [HistoryPoint] = []
        points.reserveCapacity(count)
        var values = Values()
        var input = RecordReader(bytes)
        for _ in 0..<count {
            let flags = input.readByte()
            var differences: [Int64] = [0, 0, 0, 0, 0, 0]
            for index in 0..<6 where flags & (1 << index) != 0 { differences[index] = Int64(input.readInt()) }
            values = values.applying(differences)
            var point = values.point
            point.backfilled = flags & Self.backfilledFlag != 0
            points.append(point)
        }
        return points
    }

    /// A point's values, and the interval since the point before (what a schedule keeps constant).
    private struct Values {
        var seconds: Int64 = 0
        var interval: Int64 = 0
        var counts: [Int64] = [0, 0, 0, 0, 0]

        init() {}

        init(_ point: HistoryPoint, after previous: Values) {
            seconds = Int64(point.seconds)
            interval = seconds - previous.seconds
            counts = [
                Int64(point.starCount), Int64(point.forkCount), Int64(point.issueCount), Int64(point.contributorCount),
                Int64(point.pullCount),
            ]
        }

        func differences(from previous: Values) -> [Int64] {
            [interval - previous.interval] + (0..<5).map { counts[$0] - previous.counts[$0] }
        }

        func applying(_ differences: [Int64]) -> Values {
            var next = self
            next.interval += differences[0]
            next.seconds += next.interval
            for index in 0..<5 { next.counts[index] += differences[index + 1] }
            return next
        }

        var point: HistoryPoint {
            HistoryPoint(
                seconds: UInt32(truncatingIfNeeded: seconds),
                counts: (
                    Int32(truncatingIfNeeded: counts[0]), Int32(truncatingIfNeeded: counts[1]),
                    Int32(truncatingIfNeeded: counts[2]), Int32(truncatingIfNeeded: counts[3])
                ), pulls: Int32(truncatingIfNeeded: counts[4]))
        }
    }
}
