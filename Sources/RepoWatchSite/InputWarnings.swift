import RepoWatchModel
import RepoWatchRender
import RepoWatchSupport

/// The warnings about what the user wrote (site.yml, the templates, the string tables) that `build`
/// and `check` both give, and that `--strict` turns into errors. Warnings about GitHub's answers or
/// the output are not among them: the user cannot fix those by editing a file.
enum InputWarnings {
    static func collect(config: [Diagnostic], templates: TemplateSet, locales: LocaleCatalog)
        -> [Diagnostic]
    {
        (config + templates.compileFallback + templates.policyWarnings + locales.warnings + unusedTemplates(templates))
            .sortedByPosition()
    }

    /// A misspelt override (`cards.mustache`) would silently change nothing.
    static func unusedTemplates(_ templates: TemplateSet) -> [Diagnostic] {
        templates.overridden.filter { file in
            file.hasSuffix(".mustache") && !TemplateSet.requiredNames.contains(String(file.dropLast(".mustache".count)))
        }
        .map { file in
            Diagnostic(
                .warning, file: "Templates/\(file)", line: 1, column: 1,
                "no built-in template has this name, so it overrides nothing (it can still be a partial); "
                    + "built-in names: \(TemplateSet.requiredNames.sorted().joined(separator: ", "))")
        }
    }

    /// `--strict`: the warnings, and a last line saying why they stop the command.
    static func strictFailure(_ warnings: [Diagnostic], writes: Bool) -> DiagnosticsError {
        let turned =
            warnings.count == 1
            ? "1 warning into an error" : "\(Formatting.grouped(warnings.count)) warnings into errors"
        return DiagnosticsError(warnings, note: "--strict turns \(turned)" + (writes ? "; nothing was written" : ""))
    }
}
