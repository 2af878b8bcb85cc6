extension Result {
    /// The success value, or nil: for the many places that only ask whether a parse worked.
    package var value: Success? { try? get() }
}
