/// Exit 2: the user's input is wrong and nothing was written.
public struct UsageError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
