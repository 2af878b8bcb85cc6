/// `private:` in site.yml: whether the site may publish private repositories. A public site is the
/// default, so a token that can read private repositories never publishes one by accident.
package enum PrivateRepos: String, Sendable, CaseIterable {
    /// Private repositories are left out, each with a warning naming it.
    case exclude
    /// Private repositories are published like public ones; `owners:` listings include them too.
    case include
}
