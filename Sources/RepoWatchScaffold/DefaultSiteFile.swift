/// The site.yml that `init` writes: the RepoWatcher app's default repositories and widgets.
enum DefaultSiteFile {
    /// Shared with the workflow's cron, so the two never disagree.
    static let refresh = "12h"

    package static let text = """
        # The repositories this site watches, as in the RepoWatcher app.
        #   repowatch-site serve      preview at http://127.0.0.1:8000/, rebuilt as you edit
        #   repowatch-site publish    commit public/ to the gh-pages branch and push it
        # or push this folder to GitHub: .github/workflows/repowatch.yml builds and deploys it.
        title: Repo Watcher
        description: |
          Widgets for the repositories I watch.
        # base_url: https://USER.github.io/REPO/   # for sitemap.xml and absolute embed links
        # cname: watch.example.com                 # a custom domain: `publish` writes it to CNAME
        refresh: \(refresh)              # also how often the workflow rebuilds the site
        appearance: auto          # auto | light | dark
        repos:
          - sallen0400/swift-news
          - apple/swift
          - kudoleh/iOS-Clean-Architecture-MVVM
        # owners:                  # every public repository of a user or organization, 100 per request
        #   - owner: apple
        #     forks: false           # default false: forks left out
        #     archived: false        # default false: archived repositories left out
        #     topics: [swift]        # only repositories with one of these topics
        #     min_stars: 100         # default 0
        #     sort: stars            # stars | pushed | name
        #     limit: 60              # at most this many, after filters and sort
        #     exclude: [apple/swift-evolution]
        widgets:
          - kind: single
            repo: sallen0400/swift-news
          - kind: single
            repo: apple/swift
          - kind: single
            repo: kudoleh/iOS-Clean-Architecture-MVVM
          - kind: double
            top: apple/swift
            bottom: kudoleh/iOS-Clean-Architecture-MVVM

        """

    package static let gitignore = """
        # repowatch-site: the built site, the GitHub response cache, and the build lock beside public/.
        public/
        .repowatch/
        .public.lock

        """
}
