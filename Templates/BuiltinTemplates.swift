// The default templates and assets, compiled into the binary (see Package.swift's `embedInCode`)
// so `repowatch-site` works from any directory without a resource bundle beside it.

package enum BuiltinTemplates {
    /// Template name (file name without `.mustache`) → source.
    package static let templates: [String: [UInt8]] = [
        "layout": PackageResources.layout_mustache,
        "card": PackageResources.card_mustache,
        "medium": PackageResources.medium_mustache,
        "large": PackageResources.large_mustache,
        "double": PackageResources.double_mustache,
        "widget": PackageResources.widget_mustache,
        "index": PackageResources.index_mustache,
        "repo": PackageResources.repo_mustache,
        "double-page": PackageResources.double_page_mustache,
        "embeds": PackageResources.embeds_mustache,
        "404": PackageResources._04_mustache,
        "share": PackageResources.share_mustache,
        "icons": PackageResources.icons_mustache,
        "search": PackageResources.search_mustache,
        "insights": PackageResources.insights_mustache,
        "chart": PackageResources.chart_mustache,
        "owner": PackageResources.owner_mustache,
    ]

    /// Path under `assets/` → bytes.
    package static let assets: [String: [UInt8]] = [
        "style.css": PackageResources.style_css,
        "copy.js": PackageResources.copy_js,
        "search.js": PackageResources.search_js,
        "search-file.js": PackageResources.search_file_js,
        "share.png": PackageResources.share_png,
    ]

    /// String tables by locale (`locales/NAME.json`): every word the site shows (see README.md).
    package static let locales: [String: [UInt8]] = [
        "en": PackageResources.en_json,
        "ko": PackageResources.ko_json,
        "ja": PackageResources.ja_json,
        "zh-Hans": PackageResources.zh_Hans_json,
        "de": PackageResources.de_json,
        "fr": PackageResources.fr_json,
        "es": PackageResources.es_json,
        "pt-BR": PackageResources.pt_BR_json,
        "ar": PackageResources.ar_json,
    ]

    /// The GitHub Actions workflow `init` writes, with `<name>` placeholders (see `PagesWorkflow`).
    package static let pagesWorkflow: [UInt8] = PackageResources.pages_workflow_yml
}
