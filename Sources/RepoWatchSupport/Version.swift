package enum Version {
    /// The release this source is. The release workflow tags it `vX.Y.Z` and moves `vX`, and the
    /// workflow `init` writes uses the action at `@vX`, so the two must agree (ActionReferenceTests).
    package static let current = "1.0.0"
}
