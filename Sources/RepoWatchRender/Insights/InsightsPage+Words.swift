extension InsightsPage {
    /// The keys that speak of a push. GitLab's date is a project's last activity and Gitea's its last
    /// update, so a site that lists a repository on another forge says activity instead (each key's
    /// `_forges` form), as the gallery's link preview does.
    static let pushWords: Set = [
        "insights_waking_text", "insights_quiet_text", "insights_recent", "insights_col_pushed", "insights_col_days",
    ]

    /// The text of `key`, in the words of the site's forges.
    func word(_ key: String) -> String {
        strings.text(otherForges && Self.pushWords.contains(key) ? key + "_forges" : key)
    }
}
