/// Turns site.yml's `refresh` into a GitHub Actions `schedule` cron expression.
///
/// Cron cannot say "every 5 hours" evenly, so the interval is rounded down to one cron can repeat
/// exactly (a divisor of the hour or the day): the site is then rebuilt at least as often as asked.
enum CronSchedule {
    /// GitHub runs scheduled workflows at most every 5 minutes.
    static let shortestMinutes = 5
    /// Scheduled runs queue up at the top of the hour on GitHub; an odd minute starts sooner.
    static let minuteOfHour = 17

    static func expression(every seconds: Double) -> String {
        let minutes = max(shortestMinutes, Int(seconds / 60))
        if minutes < 60 {
            let step = [5, 6, 10, 12, 15, 20, 30].last { $0 <= minutes } ?? shortestMinutes
            return "*/\(step) * * * *"
        }
        let hours = minutes / 60
        if hours < 24 {
            let step = [1, 2, 3, 4, 6, 8, 12].last { $0 <= hours } ?? 1
            return step == 1 ? "\(minuteOfHour) * * * *" : "\(minuteOfHour) */\(step) * * *"
        }
        let days = hours / 24
        if days >= 7 { return "\(minuteOfHour) 0 * * 0" }
        // Day-of-month steps restart each month: close enough for "every few days".
        return days == 1 ? "\(minuteOfHour) 0 * * *" : "\(minuteOfHour) 0 */\(days) * *"
    }
}
