/// The workflow's part in the notifications, written only for a site.yml with `notify:` targets. The
/// messages link to pages the deploy publishes, so they go in a job of their own after it: a failed
/// deploy sends nothing, and the queue waits for the next successful one.
///
/// The build job saves `.repowatch/` as `repowatch-RUN_ID`, a key a later job cannot save again. So
/// the queue travels to the notify job as an artifact, and only the log of what was sent comes back,
/// as a cache of its own (`notify-sent-RUN_ID`) that the next build restores over its own copy: the
/// log only grows, so the newest is always right (docs/notifications.md).
enum NotifyJob {
    /// The actions the parts use, besides the ones the template names already.
    static let actions = [
        "upload-artifact": PagesWorkflow.uploadArtifact, "download-artifact": PagesWorkflow.downloadArtifact,
        "cache-restore": PagesWorkflow.cacheRestore, "cache-save": PagesWorkflow.cacheSave,
    ]

    /// The template's `notify-*` placeholders' values.
    static func parts(variables: [String]) -> [String: String] {
        ["notify-outputs": outputs, "notify-restore": restore, "notify-upload": upload, "notify-job": job(variables)]
    }

    /// The site's address, for the notify job's links.
    static let outputs = """
            outputs:
              base-url: ${{ steps.pages.outputs.base_url }}

        """

    static let restore = """
              # What the notify job of an earlier run sent (it saves its own cache): this build takes
              # it out of the queue it leaves.
              - name: Restore what the notifications sent
                uses: <cache-restore>
                with:
                  path: .repowatch/notify/sent.json
                  key: notify-sent-${{ github.run_id }}
                  restore-keys: notify-sent-


        """

    static let upload = """

              # The queue the build left, for the notify job after the deploy.
              - name: Keep the notifications' queue for after the deploy
                uses: <upload-artifact>
                with:
                  name: repowatch-notify
                  path: .repowatch/notify/
                  include-hidden-files: true
                  retention-days: 7

        """

    /// Each webhook URL from the repository secret named as its `url_env`, through `env:` alone.
    static func job(_ variables: [String]) -> String {
        let env = variables.map { "          \($0): ${{ secrets.\($0) }}\n" }.joined()
        return """

              # Slack, Discord, Teams or a webhook of your own (site.yml's notify:), sent only once the
              # pages they link to are published; each webhook URL comes from a repository secret.
              notify:
                name: Send notifications
                needs: [build, deploy]
                runs-on: ubuntu-latest
                permissions:
                  contents: read   # site.yml
                steps:
                  - name: Check out the site
                    uses: <checkout>
                    with:
                      persist-credentials: false

                  - name: Get the queue the build left
                    uses: <download-artifact>
                    with:
                      name: repowatch-notify
                      path: .repowatch/notify/

                  - name: Send the notifications
                    uses: <action-repository>@<action-reference>
                    with:
                      config: site.yml
                      command: notify
                      args: --base-url ${{ needs.build.outputs.base-url }}/
                    env:
            \(env)
                  # What was sent, for the next build; kept even when a target refused.
                  - name: Keep what was sent for the next build
                    if: ${{ !cancelled() }}
                    uses: <cache-save>
                    with:
                      path: .repowatch/notify/sent.json
                      key: notify-sent-${{ github.run_id }}

            """
    }
}
