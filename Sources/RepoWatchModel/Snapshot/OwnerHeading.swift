/// An `owners:` entry as the gallery heads its section: GitHub's login and avatar for it.
package struct OwnerHeading: Sendable {
    package var source: OwnerSource
    /// The login on GitHub now (after a rename it differs from `source.owner`).
    package var login: String
    /// Root-relative path under `avatars/`; nil draws the placeholder.
    package var avatar: String?
    package var htmlURL: String?

    package init(source: OwnerSource, login: String, avatar: String? = nil, htmlURL: String? = nil) {
        self.source = source
        self.login = login
        self.avatar = avatar
        self.htmlURL = htmlURL
    }
}
