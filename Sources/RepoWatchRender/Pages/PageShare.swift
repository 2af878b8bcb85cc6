import Foundation
import Mustache
import RepoWatchModel

/// `share` on every page: what a link to it previews as (`<meta name="description">`, the canonical
/// link, OpenGraph and Twitter's card; Templates/README.md, "Link previews"). Absent values are absent
/// keys: without `base_url` there is no absolute address, so no `url` and no `image`.
struct PageShare: Sendable, MustacheParent {
    var title: String
    var description: String
    var siteName: String
    /// The page's absolute address (canonical link, `og:url`).
    var url: String?
    /// An absolute address of a PNG or JPEG the site hosts.
    var image: String?
    var imageAlt: String?
    var type = "website"
    /// Avatars and the site's picture are square: Twitter's "summary" card, not the wide one.
    var card = "summary"

    func child(named key: String) -> Any? {
        switch key {
        case "title": return title
        case "description": return description
        case "site_name": return siteName
        case "url": return url
        case "image": return image
        case "image_alt": return imageAlt
        case "type": return type
        case "card": return card
        default: return nil
        }
    }
}

/// Makes each page's `share`: absolute addresses from `base_url`, descriptions in plain text and
/// short enough for a preview, the owner's avatar as the picture where it is a PNG or JPEG the site
/// downloaded (a crawler does not read the SVG placeholders), else the site's own picture.
struct ShareMaker: Sendable {
    /// What previews show of a description before cutting it; a longer one is cut at a word.
    static let descriptionLimit = 200

    let baseURL: URL?
    let siteName: String
    /// site.yml's `description` as plain text, or nil when it has none.
    let siteDescription: String?
    let strings: StringTable
    /// The site lists a repository on another forge: its own words name no one forge.
    let otherForges: Bool

    init(config: SiteConfig, strings: StringTable) {
        otherForges = config.listsOtherForges
        baseURL = config.baseURL
        siteName = config.title
        siteDescription = config.description.map(Markdown.plainText).flatMap { $0.isEmpty ? nil : $0 }
        self.strings = strings
    }

    /// `path` (root-relative) as an absolute address; nil without `base_url`.
    func address(_ path: String) -> String? {
        guard let base = baseURL?.absoluteString else { return nil }
        return (base.hasSuffix("/") ? base : base + "/") + path
    }

    /// A gallery page (`path`: "" or `page/2/`), the search page, the 404 page: the site's own picture.
    func sitePage(path: String, title: String, description: String? = nil, repoCount: Int) -> PageShare {
        let text =
            description ?? siteDescription
            ?? strings.plural(otherForges ? "share_gallery_forges" : "share_gallery", count: repoCount)
        return page(title: title, description: text, path: path, avatar: nil)
    }

    /// A repository's page or one of its standalone widgets (`path`: its page's folder, or the
    /// widget document); `card` gives the words and the picture.
    func repoPage(_ card: RepoCard, title: String, path: String) -> PageShare {
        let name = card.fullName.isEmpty ? card.configName : card.fullName
        let told = card.forgeHost.map { strings.text("share_repo_forge", ["name": name, "host": $0]) }
        let text =
            card.description.flatMap { $0.isEmpty ? nil : $0 } ?? told ?? strings.text("share_repo", ["name": name])
        return page(title: title, description: text, path: path, avatar: card.avatar)
    }

    /// A double widget's document: the top repository's picture.
    func doublePage(top: RepoCard, bottom: RepoCard, title: String, path: String) -> PageShare {
        let names = [top, bottom].map { $0.fullName.isEmpty ? $0.configName : $0.fullName }
        // A repository on another forge is named with its host, and the pair is on no one forge.
        let key = top.forgeHost == nil && bottom.forgeHost == nil ? "share_double" : "share_double_forges"
        let text = strings.text(key, ["top": names[0], "bottom": names[1]])
        return page(title: title, description: text, path: path, avatar: top.avatar)
    }

    private func page(title: String, description: String, path: String, avatar: RepoCard.Avatar?) -> PageShare {
        var share = PageShare(
            title: title, description: Self.shortened(description), siteName: siteName, url: address(path))
        if let avatar, Self.isSharedPicture(avatar.src), let image = address(avatar.src) {
            share.image = image
            share.imageAlt = avatar.alt
        } else if let image = address(SiteLayout.shareImage) {
            share.image = image
            share.imageAlt = siteName
        }
        return share
    }

    /// Only PNG and JPEG: what every preview (Facebook, Slack, X, iMessage) renders.
    static func isSharedPicture(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return lowered.hasPrefix(SiteLayout.avatarsFolder)
            && [".png", ".jpg", ".jpeg"].contains { lowered.hasSuffix($0) }
    }

    /// One line, at most `descriptionLimit` characters, cut at a word with "…".
    static func shortened(_ text: String) -> String {
        let line = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
        guard line.count > descriptionLimit else { return line }
        let cut = line.prefix(descriptionLimit - 1)
        let atWord = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return atWord.trimmingCharacters(in: .punctuationCharacters.union(.whitespaces)) + "…"
    }
}
