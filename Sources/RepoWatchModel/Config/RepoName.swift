/// An `owner/name` pair that follows GitHub's naming rules, so it is safe in paths and URLs.
public struct RepoName: Hashable, Sendable, CustomStringConvertible, Comparable {
    public let owner: String
    public let name: String

    /// Parses `owner/name`, or explains what is wrong with it.
    public static func parse(_ text: String) -> Result<RepoName, RepoNameError> {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return .failure(.notOwnerSlashName(text)) }
        let owner = String(parts[0])
        let name = String(parts[1])
        guard isValidOwner(owner) else { return .failure(.invalidOwner(owner)) }
        guard isValidName(name) else { return .failure(.invalidName(name)) }
        return .success(RepoName(owner: owner, name: name))
    }

    public init(owner: String, name: String) {
        self.owner = owner
        self.name = name
    }

    public var description: String { "\(owner)/\(name)" }

    /// GitHub compares names case-insensitively; so do duplicates checks and output paths.
    public var key: String { description.lowercased() }

    /// `owner/name` lowercased: the folder under `repos/` in the output.
    public var pathComponent: String { key }

    public static func < (lhs: RepoName, rhs: RepoName) -> Bool { lhs.key < rhs.key }

    /// Letters, digits and single hyphens, not at either end, at most 39 characters; `_` too, which
    /// Enterprise Managed Users' accounts carry (`handle_shortcode`).
    package static func isValidOwner(_ owner: String) -> Bool {
        let scalars = Array(owner.unicodeScalars)
        guard (1...39).contains(scalars.count), scalars.first != "-", scalars.last != "-" else { return false }
        var previous: Unicode.Scalar = " "
        for scalar in scalars {
            if scalar == "-" {
                if previous == "-" { return false }
            } else if !isASCIIAlphanumeric(scalar) && scalar != "_" {
                return false
            }
            previous = scalar
        }
        return true
    }

    /// Letters, digits, `.`, `_` and `-`, at most 100 characters, never `.`, `..` or containing `..`.
    package static func isValidName(_ name: String) -> Bool {
        guard (1...100).contains(name.unicodeScalars.count), name != ".", !name.utf8.contains("..".utf8) else {
            return false
        }
        return name.unicodeScalars.allSatisfy { isASCIIAlphanumeric($0) || $0 == "." || $0 == "_" || $0 == "-" }
    }

    private static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        default: return false
        }
    }
}

public enum RepoNameError: Error, Sendable, CustomStringConvertible {
    case notOwnerSlashName(String)
    case invalidOwner(String)
    case invalidName(String)

    public var description: String {
        switch self {
        case .notOwnerSlashName(let text):
            return "'\(text)' is not a repository; write it as OWNER/NAME, like apple/swift"
        case .invalidOwner(let owner):
            return "'\(owner)' is not a valid GitHub owner (letters, digits, '_' and single hyphens, at most 39)"
        case .invalidName(let name):
            return "'\(name)' is not a valid repository name (letters, digits, '.', '_' and '-'; no '..')"
        }
    }
}

/// One string per owner spelling for a list of repositories: an owner's repositories then share its
/// name's storage rather than each holding a copy (on the heap beyond 15 UTF-8 bytes, as in
/// `bench-owner-1000`). Exact spellings only, so every name reads as written.
package struct SharedOwners {
    private var spellings: Set<String> = []

    package mutating func sharing(_ repo: RepoName) -> RepoName {
        let (inserted, owner) = spellings.insert(repo.owner)
        return inserted ? repo : RepoName(owner: owner, name: repo.name)
    }

    package init() {
    }
}
