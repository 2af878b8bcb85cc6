import Foundation

/// The fields of a forge's account document that the build reads, kept in place of the whole
/// answer: a token that may see more (an admin's) is sent a user's email, identities and sign-in
/// times too, none of which the cache is to keep.
enum KeptFields {
    /// `data`'s object (or each object of its list) with `fields` alone; a body that is neither is
    /// kept as `[]`, since what it holds is not known.
    static func only(_ fields: Set<String>, of data: Data) -> Data {
        let kept: Any
        switch try? JSONSerialization.jsonObject(with: data) {
        case let object as [String: Any]: kept = object.filter { fields.contains($0.key) }
        case let list as [Any]:
            kept = list.compactMap { ($0 as? [String: Any])?.filter { fields.contains($0.key) } }
        default: kept = [Any]()
        }
        return (try? JSONSerialization.data(withJSONObject: kept, options: [.sortedKeys])) ?? Data("[]".utf8)
    }
}
