import Foundation
import RepoWatchSupport

/// A generated avatar: initials on a colour derived from the name.
package enum AvatarPlaceholder {
    package static func svg(for name: String) -> Data {
        let digest = SHA256.hash(Array(name.utf8))
        let hue = Int(digest[0]) * 360 / 256
        let initials = String(name.filter { $0.isLetter || $0.isNumber }.prefix(2)).uppercased()
        let text = XMLEscape.text(initials.isEmpty ? "?" : initials)
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">\
            <rect width="100" height="100" fill="hsl(\(hue),45%,42%)"/>\
            <text x="50" y="50" dy=".35em" text-anchor="middle" fill="#fff" \
            font-family="-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif" \
            font-size="40" font-weight="600">\(text)</text></svg>
            """
        return Data(svg.utf8)
    }
}
