import Foundation

/// The bytes of a file, or of data in memory, for a hand-written reader of a JSON shape: the next
/// byte, taking it, skipping whitespace, and how far in it is. A file is read a chunk at a time into
/// one reused buffer, so a large one never sits in memory whole.
package struct ByteCursor {
    private let input: FileInput?
    private var buffer: [UInt8]
    private var position = 0
    /// Bytes before `buffer`.
    private var consumed = 0
    private static let chunk = 1 << 16

    package init(data: Data) {
        input = nil
        buffer = [UInt8](data)
    }

    package init(file: FileInput) {
        input = file
        buffer = []
    }

    /// Bytes taken so far: where an error is.
    package var offset: Int { consumed + position }

    /// The next byte, reading the next chunk of the file when the buffer is used up; nil at the end.
    package mutating func peek() throws -> UInt8? {
        if position < buffer.count { return buffer[position] }
        guard let input else { return nil }
        consumed += buffer.count
        position = 0
        if buffer.count != Self.chunk { buffer = [UInt8](repeating: 0, count: Self.chunk) }
        let count = try buffer.withUnsafeMutableBytes { try input.read(into: $0) }
        if count < Self.chunk { buffer.removeLast(Self.chunk - count) }
        return count > 0 ? buffer[0] : nil
    }

    /// The next byte, taken; nil at the end.
    package mutating func take() throws -> UInt8? {
        guard let byte = try peek() else { return nil }
        position += 1
        return byte
    }

    /// Past the byte `peek()` just gave.
    package mutating func advance() { position += 1 }

    /// Hands `scan` every byte read but not taken (at least one), which returns how many of them it
    /// takes; false at the end. A reader that looks for an end byte by byte pays no call per byte.
    package mutating func scanChunk(_ scan: (UnsafeBufferPointer<UInt8>) throws -> Int) throws -> Bool {
        guard try peek() != nil else { return false }
        let start = position
        let taken = try buffer.withUnsafeBufferPointer { try scan(UnsafeBufferPointer(rebasing: $0[start...])) }
        position += taken
        return true
    }

    /// Past any JSON whitespace.
    package mutating func skipSpace() {
        while let byte = try? peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }
}
