extension SiteConfig {
    /// Removes repositories (by key, the lowercased name) from the site, and every widget that names
    /// one of them: a double widget goes whole, since half of it would show a card nobody asked for.
    /// Every other repository keeps what it had: `outputs:` ranges, which are positions in `repos`,
    /// move with the repositories left, and default widgets keep the owners' card-only setting, so the
    /// site is the one it would be had the removed repositories never been listed.
    /// - Returns: the positions in `widgets` of the widgets of site.yml's `widgets:` list that were
    ///   removed (default widgets are simply not made).
    @discardableResult
    package mutating func leaveOut(_ keys: Set<String>) -> [Int] {
        if repos.contains(where: { keys.contains($0.key) }) {
            // How many repositories are kept before each position: a range's new bounds.
            var keptBefore = [Int](repeating: 0, count: repos.count + 1)
            for (position, repo) in repos.enumerated() {
                keptBefore[position + 1] = keptBefore[position] + (keys.contains(repo.key) ? 0 : 1)
            }
            outputRanges = outputRanges.compactMap { range in
                let positions = keptBefore[range.positions.lowerBound]..<keptBefore[range.positions.upperBound]
                return positions.isEmpty ? nil : OutputRange(positions: positions, outputs: range.outputs)
            }
            repos.removeAll { keys.contains($0.key) }
        }
        guard hasWidgetList else {
            widgets = .defaults(of: repos, largeOnly: outputRanges.filter { $0.outputs == .card }.map(\.positions))
            return []
        }
        var kept: [Widget] = []
        var dropped: [Int] = []
        for (position, widget) in widgets.enumerated() {
            if widget.repoNames.contains(where: { keys.contains($0.key) }) {
                dropped.append(position)
            } else {
                kept.append(widget)
            }
        }
        if !dropped.isEmpty { widgets = WidgetList(kept) }
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
