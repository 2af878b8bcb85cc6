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

            """ + keepScheduleJob
    }

    /// GitHub switches off the schedule of a public repository's workflow after 60 days without a
    /// commit; this job, the workflow's last (after a blank line), keeps it on.
    package static let keepScheduleJob = """

          # GitHub switches off the schedule of a public repository's workflow after 60 days without
          # a commit, and the site would quietly stop updating. Re-enabling the workflow on each
          # scheduled run keeps it on; `actions: write` is the one permission that allows it.
          keep-schedule:
            name: Keep the schedule on
            if: github.event_name == 'schedule'
            runs-on: ubuntu-latest
            permissions:
              actions: write   # PUT /repos/OWNER/REPO/actions/workflows/FILE/enable
            steps:
              - name: Re-enable this workflow
                env:
                  GH_TOKEN: ${{ github.token }}
                run: |
                  # GITHUB_WORKFLOW_REF is OWNER/REPO/.github/workflows/FILE@REF; the API takes FILE.
                  workflow="${GITHUB_WORKFLOW_REF%@*}"
                  workflow="${workflow##*/}"
                  # The token reaches curl on stdin, so it is on no command line.
                  printf 'Authorization: Bearer %s\\n' "$GH_TOKEN" |
                    curl --fail-with-body --silent --show-error --request PUT --header @- \\
                      --header "Accept: application/vnd.github+json" --header "X-GitHub-Api-Version: 2022-11-28" \\
                      "$GITHUB_API_URL/repos/$GITHUB_REPOSITORY/actions/workflows/$workflow/enable"
                  echo "$workflow is enabled: its schedule stays on without new commits."

        """
}
