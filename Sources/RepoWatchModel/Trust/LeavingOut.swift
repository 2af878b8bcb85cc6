extension SiteConfig {
    /// Removes repositories (by key, the lowercased name) from the site, and every widget that names
    /// one of them: a double widget goes whole, since half of it would show a card nobody asked for.
    /// - Returns: the widgets of site.yml's `widgets:` list that were removed (default widgets are
    ///   simply not made).
    package mutating func leaveOut(_ keys: Set<String>) -> [Widget] {
        repos.removeAll { keys.contains($0.key) }
        guard hasWidgetList else {
            widgets = .defaults(of: repos)
            return []
        }
        var kept: [Widget] = []
        var dropped: [Widget] = []
        for widget in widgets {
            if widget.repoNames.contains(where: { keys.contains($0.key) }) {
                dropped.append(widget)
            } else {
                kept.append(widget)
            }
        }
        widgets = WidgetList(kept)
        return dropped
    }
}

extension SiteConfig.Widget {
    /// The repositories the widget shows, top first.
    package var repoNames: [RepoName] {
        switch kind {
        case .single(let repo, _): return [repo]
        case .double(_, let top, let bottom): return [top, bottom]
        }
    }
}

extension RepoList {
    /// Keeps the order of the others; their records are not copied.
    package mutating func removeAll(where shouldRemove: (RepoSnapshot) -> Bool) {
        let kept = indices.filter { !shouldRemove(self[$0]) }
        keep(kept)
    }
}
