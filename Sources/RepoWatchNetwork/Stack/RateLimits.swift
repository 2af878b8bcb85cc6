import Foundation

/// GitHub's secondary rate limits, which the pacer keeps under (`Pacer`): at most `concurrency`
/// requests in flight (REST and GraphQL together), `restPerMinute` REST requests and
/// `graphQLPerMinute` GraphQL queries a minute, counted apart. GitHub documents 100, 900 and 2,000
/// (a GET and a query without mutation are one point each); a GitHub Enterprise administrator may
/// set others, and a benchmark against a server whose minute is shorter sets `minute`.
package struct RateLimits: Sendable, Equatable, CustomStringConvertible {
    package var restPerMinute = 900
    package var graphQLPerMinute = 2_000
    package var concurrency = 100
    /// How many seconds the limits' minute lasts: 60 on GitHub.
    package var minute: Double = 60

    package init() {}

    /// GitHub's documented figures.
    package static let github = RateLimits()

    package func perMinute(_ api: GitHubAPI) -> Int {
        api == .rest ? restPerMinute : graphQLPerMinute
    }

    package var description: String {
        let seconds = minute == minute.rounded() ? String(Int(minute)) : String(minute)
        return "rest=\(restPerMinute)/min,graphql=\(graphQLPerMinute)/min,concurrency=\(concurrency)"
            + (minute == 60 ? "" : ",minute=\(seconds)s")
    }

    /// `rest=900/min,graphql=2000/min,concurrency=100,minute=60s`: any of the parts, in any order;
    /// the others keep GitHub's figures.
    package static func parse(_ text: String) throws -> RateLimits {
        var limits = RateLimits()
        for part in text.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { throw ParseError.part(String(part)) }
            switch pair[0].lowercased() {
            case "rest": limits.restPerMinute = try count(pair[1], perMinute: true, name: "rest")
            case "graphql": limits.graphQLPerMinute = try count(pair[1], perMinute: true, name: "graphql")
            case "concurrency": limits.concurrency = try count(pair[1], perMinute: false, name: "concurrency")
            case "minute":
                let seconds = pair[1].hasSuffix("s") ? String(pair[1].dropLast()) : pair[1]
                guard let value = Double(seconds), value.isFinite, value >= 0.1, value <= 3600 else {
                    throw ParseError.value("minute", pair[1])
                }
                limits.minute = value
            default: throw ParseError.unknown(pair[0])
            }
        }
        return limits
    }

    private static func count(_ text: String, perMinute: Bool, name: String) throws -> Int {
        var digits = Substring(text)
        if perMinute, let slash = digits.firstIndex(of: "/") {
            guard digits[slash...].lowercased() == "/min" else { throw ParseError.value(name, text) }
            digits = digits[..<slash]
        }
        guard let value = Int(digits), value >= 1, value <= 1_000_000 else { throw ParseError.value(name, text) }
        return value
    }

    package enum ParseError: Error, Equatable, CustomStringConvertible {
        case part(String)
        case unknown(String)
        case value(String, String)

        package var description: String {
            switch self {
            case .part(let part): return "'\(part)' is not NAME=VALUE"
            case .unknown(let name): return "unknown limit '\(name)' (rest, graphql, concurrency, minute)"
            case .value(let name, let text):
                return name == "minute"
                    ? "minute=\(text): give the seconds a minute lasts, like minute=6s"
                    : "\(name)=\(text): give a whole number of at least 1"
                        + (name == "concurrency" ? "" : " a minute, like \(name)=900/min")
            }
        }
    }
}
