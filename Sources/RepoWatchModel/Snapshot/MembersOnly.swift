/// The parts of a public repository its forge shows to the project's members only (GitLab's
/// per-feature access level `private`, "Only Project Members"). The site's token may belong to a
/// member and so be shown them; the site is public, so it asks none of them and publishes nothing
/// of them, and its card says why they are missing. snapshot.json keeps the set (`members_only`,
/// written only where it is not empty) so that a card the previous site stands in for says the same.
package struct MembersOnly: OptionSet, Sendable, Hashable, Codable {
    package let rawValue: UInt8

    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let issues = MembersOnly(rawValue: 1 << 0)
    package static let pulls = MembersOnly(rawValue: 1 << 1)
    package static let release = MembersOnly(rawValue: 1 << 2)
    package static let language = MembersOnly(rawValue: 1 << 3)
    package static let contributors = MembersOnly(rawValue: 1 << 4)
    package static let everyPart: MembersOnly = [.issues, .pulls, .release, .language, .contributors]

    /// Each part with its name in snapshot.json and on the card's hooks (`data-absent`), in the
    /// order a card shows them.
    package static let named: [(part: MembersOnly, name: String)] = [
        (.issues, "issues"), (.pulls, "pulls"), (.release, "release"), (.language, "language"),
        (.contributors, "contributors"),
    ]

    package var names: [String] { Self.named.filter { contains($0.part) }.map(\.name) }

    package init(names: [String]) {
        self = []
        for (part, name) in Self.named where names.contains(name) { insert(part) }
    }

    package init(from decoder: Decoder) throws { self.init(names: try [String](from: decoder)) }

    package func encode(to encoder: Encoder) throws { try names.encode(to: encoder) }
}
