import RepoWatchModel

/// Turns site.yml's `refresh` into a GitHub Actions `schedule` cron expression, at the step
/// `RefreshStep` rounds it to (site.yml's reader warns when that differs from what was asked).
enum CronSchedule {
    /// Scheduled runs queue up at the top of the hour on GitHub; an odd minute starts sooner.
    static let minuteOfHour = 17

    static func expression(every seconds: Double) -> String {
        let step = RefreshStep(every: seconds)
        switch step.unit {
        case .minute: return "*/\(step.count) * * * *"
        case .hour: return step.count == 1 ? "\(minuteOfHour) * * * *" : "\(minuteOfHour) */\(step.count) * * *"
        // Day-of-month steps restart each month: close enough for "every few days".
        case .day: return step.count == 1 ? "\(minuteOfHour) 0 * * *" : "\(minuteOfHour) 0 */\(step.count) * *"
        case .week: return "\(minuteOfHour) 0 * * 0"
        }
    }
}
