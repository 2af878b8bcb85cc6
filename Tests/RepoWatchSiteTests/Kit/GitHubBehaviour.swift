import Foundation

/// GitHub's recorded answers as `Tests/Fixtures/github/behaviour.json` names them: the same ones the
/// Python fakes serve (`github_behaviour.py`), read here for the in-process world of the last-good
/// matrix, so every fake GitHub words and shapes its faults alike.
enum GitHubBehaviour {
    struct Answer: Sendable {
        let status: Int
        let headers: [String: String]
        let body: Data
    }

    /// Each fault's answer, by its name in behaviour.json (`not_found`, `server_error`,
    /// `primary_limit`, `secondary_limit`).
    static let answers: [String: Answer] = load()

    /// The answer of `kind`, with `headers` replacing the recorded ones of the same name.
    static func answer(_ kind: String, headers: [String: String] = [:]) -> Answer {
        guard let recorded = answers[kind] else { preconditionFailure("behaviour.json has no answer \(kind)") }
        return Answer(
            status: recorded.status, headers: recorded.headers.merging(headers) { $1 }, body: recorded.body)
    }

    private static func object(_ url: URL) -> [String: Any] {
        let data = (try? Data(contentsOf: url)) ?? Data()
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }

    private static func load() -> [String: Answer] {
        let folder = E2EPaths.ownFixtures
        let behaviour = object(folder.appendingPathComponent("behaviour.json"))
        let kept = Set(behaviour["kept_headers"] as? [String] ?? [])
        let specs = behaviour["answers"] as? [String: [String: String]] ?? [:]
        var answers: [String: Answer] = [:]
        for (kind, spec) in specs {
            let recorded = object(folder.appendingPathComponent(spec["status_from"] ?? ""))
            let headersFrom = spec["headers_from"].map { object(folder.appendingPathComponent($0)) } ?? recorded
            var headers: [String: String] = [:]
            for (name, value) in headersFrom["headers"] as? [String: Any] ?? [:] where kept.contains(name.lowercased())
            {
                headers[name.lowercased()] = "\(value)"
            }
            headers["content-type"] = headers["content-type"] ?? "application/json; charset=utf-8"
            let body = recorded["body"].flatMap { try? JSONSerialization.data(withJSONObject: $0) } ?? Data()
            answers[kind] = Answer(status: recorded["status"] as? Int ?? 0, headers: headers, body: body)
        }
        return answers
    }
}
