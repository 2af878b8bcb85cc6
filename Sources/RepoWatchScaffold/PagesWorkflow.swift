/// `.github/workflows/repowatch.yml`: builds the site with real data on a schedule, on push and on
/// demand, and deploys it with GitHub's own Pages actions (no gh-pages branch needed).
package enum PagesWorkflow {
    package static let path = ".github/workflows/repowatch.yml"

    /// The GitHub Action that installs and runs repowatch-site (`action.yml` at this project's root),
    /// and the major version the workflow follows. A fork or a pinned release changes them in the one
    /// `uses:` line that names them.
    package static let actionRepository = "repowatch-site/repowatch-site"
    package static let actionReference = "v1"

    /// GitHub's actions at their current major versions (late 2026).
    package static let checkout = "actions/checkout@v7"
    package static let cache = "actions/cache@v6"
    package static let configurePages = "actions/configure-pages@v6"
    package static let uploadPagesArtifact = "actions/upload-pages-artifact@v5"
    package static let deployPages = "actions/deploy-pages@v5"

    package static func text(refresh seconds: Double, refreshText: String) -> String {
        let cron = CronSchedule.expression(every: seconds)
        return """
            # Builds the repowatch-site gallery with live GitHub data and deploys it to GitHub Pages.
            # Turn it on once: Settings → Pages → Build and deployment → Source: GitHub Actions.
            # repowatch-site itself comes from the action in the step "Build the site": point its `uses:`
            # at your fork, or pin a release (@v1.2.3), there.
            name: Repository widgets

            on:
              schedule:
                - cron: "\(cron)"   # site.yml refresh: \(refreshText)
              push:
                branches: [main, master]
              workflow_dispatch:

            # Nothing by default: each job asks for what it needs.
            permissions: {}

            # One deployment at a time; a scheduled run never cancels one that is publishing.
            concurrency:
              group: pages
              cancel-in-progress: false

            jobs:
              build:
                name: Build the site
                runs-on: ubuntu-latest
                permissions:
                  contents: read
                  pages: read   # configure-pages reads the site's URL
                steps:
                  - name: Check out the site
                    uses: \(checkout)
                    with:
                      persist-credentials: false

                  # The response cache and the history: unchanged repositories cost no rate limit, a
                  # repository GitHub cannot serve right now keeps its last good data, and the charts go
                  # on. (Should GitHub evict it, the build restores the history from the published site.)
                  - name: Restore the GitHub response cache
                    uses: \(cache)
                    with:
                      path: .repowatch/
                      key: repowatch-${{ github.run_id }}
                      restore-keys: repowatch-

                  - name: Configure Pages
                    id: pages
                    uses: \(configurePages)

                  - name: Build the site
                    id: site
                    uses: \(actionRepository)@\(actionReference)
                    with:
                      config: site.yml
                      args: --base-url ${{ steps.pages.outputs.base_url }}/
                      # budget: 900   # requests one build may spend (default: all but 10 % of what remains)

                  # Hidden files are left out unless asked, and the site needs its .nojekyll.
                  - name: Upload the site
                    uses: \(uploadPagesArtifact)
                    with:
                      path: ${{ steps.site.outputs.site-path }}
                      include-hidden-files: true

              deploy:
                name: Deploy to GitHub Pages
                needs: build
                runs-on: ubuntu-latest
                permissions:
                  pages: write      # to deploy to Pages
                  id-token: write   # to prove the deployment comes from this workflow
                environment:
                  name: github-pages
                  url: ${{ steps.deployment.outputs.page_url }}
                steps:
                  - name: Deploy to GitHub Pages
                    id: deployment
                    uses: \(deployPages)

            """
    }
}
