import RepoWatchModel

/// How a render goes: the settings it keeps for every page, as one value made once (where a build
/// loads its inputs, or by a test) and handed whole to `SiteRenderer`. What the pages show besides the
/// snapshot is `RenderData`; whether the numbers are made up (`--sample`) is the snapshot's to say.
package struct RenderOptions: Sendable {
    /// `search: true` with Pagefind at hand (the build decides): repository pages carry Pagefind's
    /// attributes, and the search page and its script are written. The index itself is Pagefind's work.
    package let search: Bool
    /// The string tables: the shipped ones and the site's `Templates/locales/`.
    package let locales: LocaleCatalog

    /// - Throws: `DiagnosticsError` naming each of the site's string tables that cannot be read
    ///   (`Templates/locales/x.json:1:1`): the pages would have no words for it.
    package init(search: Bool = false, locales: LocaleCatalog = .builtIn) throws {
        guard locales.problems.isEmpty else { throw DiagnosticsError(locales.problems) }
        self.search = search
        self.locales = locales
    }
}

/// What the pages show besides the snapshot, gathered by the build: the history (the change since the
/// last build, sparklines), the avatars (inlined into the SVG widgets), `owners:`' headings and the
/// feeds' entries.
package struct RenderData: Sendable {
    /// Earlier snapshots: the change since the last one and the stars sparkline.
    package let history: History
    /// Avatar files by root-relative path, for the SVG widgets to inline.
    package let avatars: AvatarFiles
    /// `owners:`: the gallery's section headings (see `OwnerSections`).
    package let ownerHeadings: [OwnerHeading]
    /// `owners:`: each owner's cards (`owners/LOGIN/`), in `owners:` order.
    package let ownerCards: [OwnerCard]
    /// What changed, newest first: the site's `feed.xml` and each repository's.
    package let feed: FeedState

    package init(
        history: History = History(), avatars: AvatarFiles = AvatarFiles(), ownerHeadings: [OwnerHeading] = [],
        feed: FeedState = FeedState(), ownerCards: [OwnerCard] = []
    ) {
        self.history = history
        self.avatars = avatars
        self.ownerHeadings = ownerHeadings
        self.ownerCards = ownerCards
        self.feed = feed
    }
}
