/// `charts:` in site.yml: comparisons of several repositories, each drawn as `charts/ID.svg` (and
/// `-dark.svg`) with a page `charts/ID/index.html`.
extension SiteConfig {
    package struct Chart: Sendable, Equatable {
        /// What the lines follow.
        package enum Metric: String, Sendable, CaseIterable { case stars, forks, issues, pulls }
        /// `date`: one calendar axis; `age`: each line from its own first point.
        package enum Align: String, Sendable, CaseIterable { case date, age }
        package enum Scale: String, Sendable, CaseIterable { case linear, log }

        /// `[a-z0-9-]+`, unique: the files' name.
        package var id: String
        /// 2 to 10 of the site's repositories, in site.yml's order for the chart.
        package var repos: [RepoName]
        package var metric: Metric
        package var align: Align
        package var scale: Scale
        package var title: String?

        package static let repoCount = 2...10

        package init(
            id: String, repos: [RepoName], metric: Metric = .stars, align: Align = .date, scale: Scale = .linear,
            title: String? = nil
        ) {
            self.id = id
            self.repos = repos
            self.metric = metric
            self.align = align
            self.scale = scale
            self.title = title
        }

        /// `[a-z0-9-]+`, as the files' name.
        package static func isValidID(_ id: String) -> Bool {
            !id.isEmpty && id.count <= 100
                && id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        }
    }
}
