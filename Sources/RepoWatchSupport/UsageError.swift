/// Exit 2: the user's input is wrong and nothing was written.
package struct UsageError: Error, CustomStringConvertible, Sendable {
    package var description: String
    package init(_ description: String) { self.description = description }
}
