import Foundation
import RepoWatchConfig
import RepoWatchModel
import RepoWatchSources
import RepoWatchSupport

/// Tells what leaving private repositories out took away, without a name: a `repos:` entry and a
/// widget at their lines in site.yml (which already holds their names), an owner's as a count. The
/// log of a public repository's workflow, and its annotations, are public.
struct PrivateReport {
    let reporter: DiagnosticReporter
    let log: any BuildLog
    let configPath: String

    func report(_ leftOut: PrivateLeftOut, widgets: SiteConfig.WidgetList) {
        guard !leftOut.isEmpty else { return }
        var diagnostics: [Diagnostic] = []
        if !leftOut.reposEntries.isEmpty || !leftOut.widgets.isEmpty {
            let places = SitePlaces(file: configPath)
            for position in leftOut.reposEntries {
                diagnostics.append(places.repoEntry(position, PrivateLeftOut.repoEntryMessage))
            }
            for position in leftOut.widgets {
                var isDouble = false
                if widgets.indices.contains(position), case .double = widgets[position].kind { isDouble = true }
                diagnostics.append(places.widget(position, PrivateLeftOut.widgetMessage(double: isDouble)))
            }
        }
        // Their lines name the private repositories: no source line under these.
        for index in diagnostics.indices { diagnostics[index].quotesSource = false }
        reporter.report(diagnostics)
        for owner in leftOut.owners { log.warning(PrivateLeftOut.ownerLine(owner)) }
    }
}
