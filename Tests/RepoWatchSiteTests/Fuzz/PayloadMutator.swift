import Foundation

/// Hostile API answers for the payload fuzzer, reproducibly from a seed: wrong JSON types, nulls,
/// missing keys, 100,000-element arrays, deep nesting, invalid UTF-8, truncated bodies, wrong
/// Content-Types, odd statuses and headers, redirect loops, and markup meant to reach the HTML.
struct PayloadMutator {
    /// What a test looks for in the output: present only if markup got through unescaped.
    static let forbidden = [
        "<script>alert(", "<img src=x onerror=", "<svg onload=", "href=\"javascript:", "src=\"javascript:",
        "href='javascript:", "onmouseover=\"alert", "<iframe src=\"javascript:",
    ]
    static let hostile = [
        "<script>alert('XSS-MARK')</script>", "\"><img src=x onerror=alert('XSS-MARK')>",
        "javascript:alert('XSS-MARK')",
        "' onmouseover=\"alert('XSS-MARK')\" x='", "\" onmouseover=\"alert('XSS-MARK')\" x=\"",
        "</script><svg onload=alert('XSS-MARK')>", "<iframe src=\"javascript:alert('XSS-MARK')\"></iframe>",
        "{{title}}{{{site}}}", "\u{E000}root\u{E000}", "\u{202E}kcatta", "line\u{2028}break\u{0}nul",
        "]]><!--", "&lt;script&gt;", "data:text/html,<script>alert('XSS-MARK')</script>",
    ]

    struct Response {
        var status = 200
        var headers = ["content-type": "application/json; charset=utf-8"]
        var body = Data()
    }

    private var random: SeededRandom
    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    private mutating func below(_ count: Int) -> Int { count <= 0 ? 0 : Int(random.next() % UInt64(count)) }
    private mutating func pick<T>(_ list: [T]) -> T { list[below(list.count)] }

    static func repository(_ owner: String, _ name: String) -> [String: Any] {
        [
            "id": 1_296_269, "name": name, "full_name": "\(owner)/\(name)", "private": false,
            "owner": [
                "login": owner, "id": 583231, "type": "User",
                "avatar_url": "https://api.github.com/_avatars/u/583231?v=4",
            ] as [String: Any],
            "html_url": "https://github.com/\(owner)/\(name)", "description": "My first repository on GitHub!",
            "fork": false, "pushed_at": "2026-11-01T12:00:00Z", "stargazers_count": 1437, "watchers_count": 1437,
            "forks_count": 1403, "open_issues_count": 7, "has_issues": true, "archived": false, "forks": 1403,
            "open_issues": 7, "watchers": 1437, "default_branch": "master", "license": NSNull(),
        ]
    }

    static func contributors() -> [[String: Any]] {
        (1...4).map { index in
            [
                "login": "person-\(index)", "id": index, "type": "User", "contributions": 100 - index,
                "avatar_url": "https://api.github.com/_avatars/u/\(index)?v=4",
            ]
        }
    }

    /// The two answers for one repository: its document and its contributors. Mostly one of them is
    /// broken; sometimes both.
    mutating func responses(owner: String, name: String) -> (repository: Response, contributors: Response) {
        var repository = Response(body: Self.encode(Self.repository(owner, name)))
        var contributors = Response(body: Self.encode(Self.contributors()))
        switch below(10) {
        case 0..<6: mutate(&repository, Self.repository(owner, name), owner: owner, name: name)
        case 6..<9: mutate(&contributors, Self.contributors(), owner: owner, name: name)
        default:
            mutate(&repository, Self.repository(owner, name), owner: owner, name: name)
            mutate(&contributors, Self.contributors(), owner: owner, name: name)
        }
        return (repository, contributors)
    }

    private mutating func mutate(_ response: inout Response, _ document: Any, owner: String, name: String) {
        switch below(16) {
        case 0:  // a value of the wrong type
            let wrong: [Any] = [
                "string", 123, -1, 1.5, true, [Any](), [String: Any](), [1, 2], "99999999999999999999999", 1e308,
                ["login": 5], Int.max,
            ]
            response.body = Self.encode(replacing(in: document, with: pick(wrong)))
        case 1: response.body = Self.encode(replacing(in: document, with: NSNull()))
        case 2: response.body = Self.encode(removing(from: document))
        case 3:  // 100,000 elements (numbers, or now and then whole contributors)
            let many: Any =
                document is [Any] && below(8) == 0
                ? Array(repeating: Self.contributors()[0], count: 100_000) as Any
                : Array(repeating: 7, count: 100_000) as Any
            response.body = Self.encode(document is [Any] ? many : replacing(in: document, with: many))
        case 4:  // deep nesting
            let depth = pick([600, 5_000, 100_000])
            response.body = Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
            if below(2) == 0 {
                var text = String(decoding: Self.encode(document), as: UTF8.self)
                text.insert(
                    contentsOf: "\"deep\":" + String(repeating: "{\"a\":", count: depth / 10) + "1"
                        + String(repeating: "}", count: depth / 10) + ",", at: text.index(after: text.startIndex))
                response.body = Data(text.utf8)
            }
        case 5:  // invalid UTF-8, inside a string or anywhere
            var data = Self.encode(document)
            let bad: [[UInt8]] = [
                [0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF], [0x80],
            ]
            if let quote = data.firstIndex(of: UInt8(ascii: "\"")), below(2) == 0 {
                data.insert(contentsOf: pick(bad), at: quote + 1)
            } else {
                data.insert(contentsOf: pick(bad), at: below(data.count))
            }
            response.body = data
        case 6:  // truncated
            let data = Self.encode(document)
            response.body = data.prefix(below(data.count))
        case 7:  // a wrong Content-Type (the body may still be good JSON)
            response.headers["content-type"] = pick([
                "text/html", "application/octet-stream", "image/png", "application/json; charset=utf-16", "",
                "text/plain; charset=iso-8859-1", "multipart/form-data; boundary=x",
            ])
            if below(3) == 0 { response.body = Data("<html><script>alert('XSS-MARK')</script></html>".utf8) }
        case 8:  // markup and odd text where the page shows text
            response.body = Self.encode(replacing(in: document, with: pick(Self.hostile), strings: true))
        case 9:  // a huge string
            let huge = String(repeating: pick(["x", "é", "<", "&", "\u{1F600}"]), count: 1 + below(300_000))
            response.body = Self.encode(replacing(in: document, with: huge, strings: true))
        case 10:  // a status GitHub does not send here, with any body
            response.status = pick([200, 201, 202, 203, 206, 299, 400, 401, 410, 418, 422, 451, 501, 503, 599])
            response.body = Data(pick(["", "null", "[]", "{}", "\"x\"", "0", "{\"message\":\"<b>no</b>\"}"]).utf8)
        case 11:  // redirects nowhere good
            response.status = pick([301, 302, 303, 307, 308])
            response.headers["location"] = pick([
                "https://api.github.com/repos/\(owner)/\(name)", "javascript:alert('XSS-MARK')",
                "/repos/\(owner)/\(name)",
                "http://127.0.0.1:9/elsewhere", "", "file:///etc/passwd", "https://api.github.com/repos/a/b/../../x",
            ])
            response.body = Data()
        case 12:  // headers that lie or loop
            response.headers[pick(["link", "etag", "last-modified", "x-ratelimit-remaining", "retry-after"])] = pick([
                "<https://api.github.com/repos/\(owner)/\(name)/contributors?per_page=12>; rel=\"next\"",
                "<javascript:alert(1)>; rel=\"next\"", "<>; rel=next", String(repeating: "a", count: 6_000), "-1",
                "99999999999999999999", "\"\u{7F}\"", "W/", "Thu, 01 Jan 1970 00:00:00 GMT",
            ])
        case 13:  // numbers GitHub never sends
            response.body = Self.encode(
                replacing(in: document, with: pick([-5, 1.5, 1e30, -0.0, 2_147_483_648, Int.min] as [Any])))
        case 14:  // not an object at all
            response.body = Data(pick(["[]", "{}", "null", "true", "\"repository\"", "1", " ", "\u{FEFF}{}"]).utf8)
        default:  // dates that are not dates
            response.body = Self.encode(
                replacing(
                    in: document,
                    with: pick(["not a date", "9999-99-99T99:99:99Z", "0000-00-00", "1970-01-01T00:00:00Z", ""]),
                    strings: true))
        }
    }

    /// Replaces one value (at the top, or one level down), or only a string value when `strings`.
    private mutating func replacing(in document: Any, with value: Any, strings: Bool = false) -> Any {
        if var list = document as? [Any], !list.isEmpty {
            let index = below(list.count)
            list[index] = below(4) == 0 ? value : replacing(in: list[index], with: value, strings: strings)
            return list
        }
        guard var object = document as? [String: Any], !object.isEmpty else { return value }
        let keys = object.keys.sorted().filter { !strings || object[$0] is String || object[$0] is [String: Any] }
        guard !keys.isEmpty else { return document }
        let key = pick(keys)
        if let nested = object[key] as? [String: Any], below(2) == 0 {
            object[key] = replacing(in: nested, with: value, strings: strings)
        } else {
            object[key] = value
        }
        return object
    }

    private mutating func removing(from document: Any) -> Any {
        if var list = document as? [Any], !list.isEmpty {
            let index = below(list.count)
            list[index] = removing(from: list[index])
            return list
        }
        guard var object = document as? [String: Any], !object.isEmpty else { return document }
        object.removeValue(forKey: pick(object.keys.sorted()))
        return object
    }

    static func encode(_ value: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]))
            ?? Data("null".utf8)
    }
}
