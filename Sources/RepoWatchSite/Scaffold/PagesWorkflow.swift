/// `.github/workflows/repowatch.yml`: builds the site with real data on a schedule, on push and on
/// demand, and deploys it with GitHub's own Pages actions (no gh-pages branch needed).
public enum PagesWorkflow {
    public static let path = ".github/workflows/repowatch.yml"

    /// Where the workflow gets repowatch-site from; a user may pin another fork or tag here.
    public static let toolRepository = "https://github.com/repowatch-site/repowatch-site.git"
    public static let toolReference = "main"
    /// The official Swift image already holds the toolchain; only libcmark is added.
    public static let swiftImage = "swift:6.2-noble"

    public static func text(refresh seconds: Double, refreshText: String) -> String {
        let cron = CronSchedule.expression(every: seconds)
        return """
            # Builds the repowatch-site gallery with live GitHub data and deploys it to GitHub Pages.
            # Turn it on once: Settings → Pages → Build and deployment → Source: GitHub Actions.
            name: Repository widgets

            on:
              schedule:
                - cron: "\(cron)"   # site.yml refresh: \(refreshText)
              push:
                branches: [main, master]
              workflow_dispatch:

            permissions:
              contents: read
              pages: write
              id-token: write

            # One deployment at a time; a scheduled run never cancels one that is publishing.
            concurrency:
              group: pages
              cancel-in-progress: false

            env:
              REPOWATCH_SITE_REPOSITORY: \(toolRepository)
              REPOWATCH_SITE_REF: \(toolReference)

            jobs:
              build:
                runs-on: ubuntu-latest
                container: \(swiftImage)
                steps:
                  - name: Check out the site
                    uses: actions/checkout@v4

                  - name: Install Swift build dependencies
                    run: |
                      apt-get update
                      apt-get install -y --no-install-recommends libcmark-dev pkg-config zstd
                      swift --version

                  - name: Build repowatch-site
                    run: |
                      git clone --depth 1 --branch "$REPOWATCH_SITE_REF" "$REPOWATCH_SITE_REPOSITORY" "$RUNNER_TEMP/repowatch-site"
                      swift build -c release --package-path "$RUNNER_TEMP/repowatch-site"
                      cp "$(swift build -c release --package-path "$RUNNER_TEMP/repowatch-site" --show-bin-path)/repowatch-site" /usr/local/bin/

                  # The response cache: unchanged repositories cost no rate limit, and a repository GitHub
                  # cannot serve right now keeps its last good data.
                  - name: Restore the GitHub response cache
                    uses: actions/cache@v4
                    with:
                      path: .repowatch/
                      key: repowatch-${{ github.run_id }}
                      restore-keys: repowatch-

                  - name: Configure Pages
                    id: pages
                    uses: actions/configure-pages@v5

                  - name: Build the site
                    env:
                      GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}
                    run: repowatch-site build --base-url "${{ steps.pages.outputs.base_url }}/"

                  # v4 and later leave out dot files unless asked, and the site needs its .nojekyll.
                  - name: Upload the site
                    uses: actions/upload-pages-artifact@v4
                    with:
                      path: public
                      include-hidden-files: true

              deploy:
                needs: build
                runs-on: ubuntu-latest
                environment:
                  name: github-pages
                  url: ${{ steps.deployment.outputs.page_url }}
                steps:
                  - name: Deploy to GitHub Pages
                    id: deployment
                    uses: actions/deploy-pages@v4

            """
    }
}
