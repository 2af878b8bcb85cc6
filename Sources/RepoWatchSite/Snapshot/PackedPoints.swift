/// One repository's history points in a byte array: each value is the difference from the same
/// value one point earlier, zigzag-encoded in as few 7-bit groups as it needs. Counts move little
/// between builds and times by about the schedule, so a point takes about 7 bytes instead of 20,
/// which is what keeps a year of history for 10,000 repositories within the build's memory budget.
struct PackedPoints: Sendable, Equatable {
    private(set) var count = 0
    private var bytes: [UInt8] = []

    init(_ points: some Collection<History.Point>) {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(points.count * 10)
        var previous: [Int64] = [0, 0, 0, 0, 0]
        for point in points {
            let values = Self.raw(point)
            for index in 0..<5 {
                Self.append(values[index] - previous[index], to: &buffer)
                previous[index] = values[index]
            }
        }
        count = points.count
        // An exact copy: the spare capacity of 10,000 series adds up.
        bytes = [UInt8](unsafeUninitializedCapacity: buffer.count) { target, initialized in
            initialized = target.initialize(from: buffer).1
        }
    }

    var points: [History.Point] {
        var points: [History.Point] = []
        points.reserveCapacity(count)
        var values: [Int64] = [0, 0, 0, 0, 0]
        var offset = 0
        for _ in 0..<count {
            for index in 0..<5 { values[index] += next(&offset) }
            points.append(
                History.Point(
                    seconds: UInt32(truncatingIfNeeded: values[0]),
                    counts: (
                        Int32(truncatingIfNeeded: values[1]), Int32(truncatingIfNeeded: values[2]),
                        Int32(truncatingIfNeeded: values[3]), Int32(truncatingIfNeeded: values[4])
                    )))
        }
        return points
    }

    private static func raw(_ point: History.Point) -> [Int64] {
        [
            Int64(point.seconds), Int64(point.starCount), Int64(point.forkCount), Int64(point.issueCount),
            Int64(point.contributorCount),
        ]
    }

    private static func append(_ difference: Int64, to bytes: inout [UInt8]) {
        var zigzag = UInt64(bitPattern: (difference << 1) ^ (difference >> 63))
        while zigzag >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: zigzag) | 0x80)
            zigzag >>= 7
        }
        bytes.append(UInt8(zigzag))
    }

    private func next(_ offset: inout Int) -> Int64 {
        var zigzag: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = bytes[offset]
            offset += 1
            zigzag |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
    }
}
