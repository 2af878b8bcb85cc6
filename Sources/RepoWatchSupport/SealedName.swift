/// The name a sealed cache entry gives a private repository of an owner's list (`private: exclude`,
/// see `PrivateAnswers`): the owner, which site.yml names anyway, and a hash of the full name. A
/// later build that finds it in the cache still knows the repository is private, and whether a
/// widget names it, without the cache holding its name.
package enum SealedName {
    package static let marker = "sealed-"

    /// `OWNER/sealed-HASH` for `OWNER/NAME`, whatever its case; nil for anything else.
    package static func of(_ fullName: String) -> String? {
        let parts = fullName.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        let hash = SHA256.hex("repowatch-site sealed name\n" + fullName.lowercased()).prefix(40)
        return "\(parts[0].lowercased())/\(marker)\(hash)"
    }
}
