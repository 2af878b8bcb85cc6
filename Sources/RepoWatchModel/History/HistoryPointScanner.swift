import Foundation

/// The history reader's fast path: the points of a series, read straight from the bytes the reader
/// has buffered, without a call per byte. It takes only what the strict reader would read the same
/// way — a whole point followed by its comma, every value in range — and leaves anything else (the
/// last point of a series, a point cut by the buffer's end, a corrupt one) to the strict reader, which
/// reads it or names the fault at the same byte.
struct HistoryPointScanner {
    /// The widths (values a point) of the points taken, as the strict reader collects them.
    private var widths: Set<Int> = []

    /// Takes `[time,stars,forks,issues,contributors(,pulls)],` as many as `bytes` holds whole, into
    /// `points`, stopping where the strict reader thins them.
    /// - Returns: how many bytes it took.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, into points: inout [History.Point]) -> Int {
        var taken = 0
        var reader = Bytes(bytes: bytes, index: 0)
        while points.count < 4 * History.pointLimit, let (point, width) = reader.pointAndComma() {
            points.append(point)
            widths.insert(width)
            taken = reader.index
        }
        return taken
    }

    /// Adds the widths read to the strict reader's.
    func note(into widths: inout Set<Int>) { widths.formUnion(self.widths) }

    private struct Bytes {
        let bytes: UnsafeBufferPointer<UInt8>
        var index: Int

        /// A point and the comma after it, or nil (and `index` anywhere) where the strict reader decides.
        mutating func pointAndComma() -> (History.Point, width: Int)? {
            skipSpace()
            guard next() == UInt8(ascii: "[") else { return nil }
            var values: (Int?, Int?, Int?, Int?, Int?, Int?) = (nil, nil, nil, nil, nil, nil)
            var width = 0
            while true {
                guard width < History.fields.count, let value = optionalInteger() else { return nil }
                switch width {
                case 0: values.0 = value
                case 1: values.1 = value
                case 2: values.2 = value
                case 3: values.3 = value
                case 4: values.4 = value
                default: values.5 = value
                }
                width += 1
                skipSpace()
                let separator = next()
                if separator == UInt8(ascii: "]") { break }
                guard separator == UInt8(ascii: ",") else { return nil }
            }
            skipSpace()
            guard next() == UInt8(ascii: ","), width >= History.schema1Fields.count, let seconds = values.0,
                seconds >= 0
            else { return nil }
            let point = History.Point(
                time: Date(timeIntervalSince1970: TimeInterval(seconds)), stars: values.1, forks: values.2,
                openIssues: values.3, contributors: values.4, openPulls: width > 5 ? values.5 : nil)
            return (point, width)
        }

        /// A number (`.some(value)`), `null` (`.some(nil)`), or nil where the strict reader decides.
        private mutating func optionalInteger() -> Int?? {
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "n") {
                for letter in "null".utf8 {
                    guard next() == letter else { return nil }
                }
                return .some(nil)
            }
            let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            var value = 0
            var digits = 0
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                // The strict reader's limit, and what keeps `value` from overflowing on a hostile file.
                guard digits < 18 else { return nil }
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
            // A number at the buffer's end may go on in the next chunk.
            guard digits > 0, index < bytes.count else { return nil }
            return .some(negative ? -value : value)
        }

        private mutating func next() -> UInt8? {
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return bytes[index]
        }

        private mutating func skipSpace() {
            while index < bytes.count,
                bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
            {
                index += 1
            }
        }
    }
}
