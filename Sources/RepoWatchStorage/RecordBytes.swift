import Foundation

/// A compact binary form for values a build spools (see `RecordSpool`): numbers as varints, strings
/// as their length and UTF-8 bytes, optionals behind a presence byte. Read back only by the process
/// that wrote it, so there is no version and no schema.
package struct RecordWriter {
    package private(set) var bytes: [UInt8] = []

    package init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    package mutating func write(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// Zigzag, so small negative numbers stay short.
    package mutating func write(_ value: Int) { write(UInt64(bitPattern: Int64((value << 1) ^ (value >> 63)))) }

    package mutating func write(_ value: Bool) { write(byte: value ? 1 : 0) }

    package mutating func write(byte: UInt8) { bytes.append(byte) }

    /// Bytes as they are, for a value that ends the record (`RecordReader.readRest`).
    package mutating func append(_ raw: [UInt8]) { bytes.append(contentsOf: raw) }

    package mutating func write(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            write(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// Exactly: the bit pattern of the seconds since 2001.
    package mutating func write(_ value: Date) { write(value.timeIntervalSinceReferenceDate.bitPattern) }

    package mutating func write<T>(_ value: T?, _ body: (inout RecordWriter, T) -> Void) {
        guard let value else { return bytes.append(0) }
        bytes.append(1)
        body(&self, value)
    }
}

/// Reads what `RecordWriter` wrote, in the same order.
package struct RecordReader {
    private let bytes: [UInt8]
    private var position = 0

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func readUInt64() -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = bytes[position]
            position += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    package mutating func readInt() -> Int {
        let bits = readUInt64()
        return Int(Int64(bitPattern: bits >> 1) ^ -Int64(bits & 1))
    }

    package mutating func readBool() -> Bool { readByte() != 0 }

    package mutating func readByte() -> UInt8 {
        defer { position += 1 }
        return bytes[position]
    }

    package mutating func readString() -> String {
        let count = Int(readUInt64())
        defer { position += count }
        return String(decoding: bytes[position..<position + count], as: UTF8.self)
    }

    mutating func readRest() -> [UInt8] {
        defer { position = bytes.count }
        return Array(bytes[position...])
    }

    package mutating func readDate() -> Date { Date(timeIntervalSinceReferenceDate: Double(bitPattern: readUInt64())) }

    package mutating func readOptional<T>(_ body: (inout RecordReader) -> T) -> T? {
        readBool() ? body(&self) : nil
    }
}
