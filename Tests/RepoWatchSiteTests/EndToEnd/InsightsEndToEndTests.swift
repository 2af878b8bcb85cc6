import Foundation
import Testing

/// The insights page of a build over six weeks of history: a script recomputes every figure from
/// `data/snapshot.json` and `data/history.json` as docs/output.md defines them, and reads the page
/// with Python's HTML parser; the two must agree.
@Suite("End-to-end: insights", .timeLimit(.minutes(10)))
struct InsightsEndToEndTests {
    static let recompute = #"""
        import json, sys
        from datetime import datetime, timezone, timedelta
        from html.parser import HTMLParser
        root = sys.argv[1]
        snap = json.load(open(root + "/data/snapshot.json", encoding="utf-8"))
        hist = json.load(open(root + "/data/history.json", encoding="utf-8"))
        def t(text): return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
        now = t(snap["generated_at"])
        repos = snap["repos"]
        def key(r): return r["config_name"].lower()
        def name(r): return r["full_name"] or r["config_name"]
        def avail(r): return r["stars"] is not None and r["fetched_at"] is not None
        def base(r, days):
            cut = (now - timedelta(days=days)).timestamp()
            pts = [p for p in hist["repos"].get(key(r), []) if p[0] <= cut]
            return pts[-1] if pts else None
        expected = {}
        totals = {"repos": [len(repos), None, None]}
        columns = hist["fields"]
        fields = {label: (field, columns.index(field) if field in columns else None) for label, field in
                  (("stars", "stars"), ("forks", "forks"), ("issues", "open_issues"), ("pulls", "open_pulls"))}
        for label, (field, index) in fields.items():
            def now_value(r):
                if field in ("open_issues", "open_pulls") and r["open_issues_include_pulls"]: return None
                return r[field]
            values = [now_value(r) for r in repos if avail(r) and now_value(r) is not None]
            row = [sum(values) if values else None]
            for days in (7, 30):
                covered = any(base(r, days) for r in repos if avail(r))
                if index is None or not covered: row.append(None); continue
                total = None
                for r in repos:
                    b = base(r, days)
                    if avail(r) and b and now_value(r) is not None and b[index] is not None:
                        total = (total or 0) + now_value(r) - b[index]
                row.append(total)
            totals[label] = row
        expected["totals"] = totals
        def top(items, sort, n=10): return [k for k, *_ in sorted(items, key=sort)[:n]]
        for days in (7, 30):
            gains = []
            for r in repos:
                b = base(r, days)
                if avail(r) and b and b[1] is not None and r["stars"] - b[1] > 0:
                    gains.append((key(r), r["stars"] - b[1], name(r).lower()))
            expected["rising%d" % days] = top(gains, lambda g: (-g[1], g[2]))
        import functools
        rel = []
        for r in repos:
            b = base(r, 30)
            if avail(r) and b and b[1] is not None and b[1] >= 50 and r["stars"] - b[1] > 0:
                rel.append((key(r), r["stars"] - b[1], b[1], name(r).lower()))
        def cmp(a, b):
            l, rr = a[1] * b[2], b[1] * a[2]
            if l != rr: return -1 if l > rr else 1
            return -1 if a[3] < b[3] else (1 if a[3] > b[3] else 0)
        expected["relative"] = [g[0] for g in sorted(rel, key=functools.cmp_to_key(cmp))[:10]]
        rels = [(key(r), t(r["release"]["published_at"]), name(r).lower()) for r in repos if avail(r) and r.get("release") and r["release"].get("published_at")]
        rels = [x for x in rels if now - timedelta(days=30) < x[1] <= now + timedelta(days=1)]
        expected["releases"] = top(rels, lambda x: (-x[1].timestamp(), x[2]))
        quiet = [(key(r), r["days_since_push"], name(r).lower()) for r in repos if avail(r) and r["days_since_push"] is not None and r["archived"] is not True and 50 < r["days_since_push"] <= 80]
        expected["quiet"] = top(quiet, lambda x: (x[1], x[2]))
        recent = [(key(r), t(r["pushed_at"]), name(r).lower()) for r in repos if avail(r) and r["pushed_at"]]
        expected["recent"] = top(recent, lambda x: (-x[1].timestamp(), x[2]))
        langs = {}
        for r in repos:
            if avail(r) and r.get("language"):
                l = langs.setdefault(r["language"]["name"], [0, 0])
                l[0] += 1; l[1] += r["stars"] or 0
        expected["languages_repos"] = [n for n, _ in sorted(langs.items(), key=lambda x: (-x[1][0], x[0]))[:10]]
        expected["languages_stars"] = [n for n, _ in sorted(langs.items(), key=lambda x: (-x[1][1], x[0]))[:10]]

        class Page(HTMLParser):
            def __init__(self):
                super().__init__(); self.scope = None; self.insight = None; self.depth = 0
                self.found = {}; self.table = None; self.row = None; self.cell = None; self.figure = None
                self.left_out = None; self.in_left_out = False
            def handle_starttag(self, tag, attrs):
                a = dict(attrs)
                cls = (a.get("class") or "").split()
                # The totals are figures: <li class="insight-figure" data-key> holding the count now and
                # a change per span.
                if tag == "li" and "insight-figure" in cls:
                    self.figure = [None, None, None]; self.found[self.scope].setdefault("figures", {})[a["data-key"]] = self.figure
                if tag == "span" and self.figure is not None:
                    if "insight-figure__now" in cls: self.figure[0] = int(a["data-value"])
                    elif a.get("data-span"): self.figure[1 if a["data-span"] == "7" else 2] = int(a["data-value"])
                if tag == "p" and "data-left-out" in a and self.scope == "site": self.in_left_out = True; self.left_out = ""
                if tag == "section":
                    self.depth += 1
                    if "insights-scope" in (a.get("class") or ""): self.scope = a.get("data-owner") or "site"; self.found.setdefault(self.scope, {})
                    if a.get("data-insight"): self.insight = a["data-insight"]; self.found[self.scope].setdefault(self.insight, [])
                if tag == "table": self.table = []; self.found[self.scope][self.insight].append(self.table)
                if tag == "tr" and self.table is not None and "data-key" in a: self.row = [a["data-key"]]; self.table.append(self.row)
                if tag == "td" and self.row is not None: self.row.append(int(a["data-value"]) if "data-value" in a else None)
            def handle_data(self, data):
                if self.in_left_out: self.left_out += data
            def handle_endtag(self, tag):
                if tag == "li": self.figure = None
                if tag == "p": self.in_left_out = False
                if tag == "table": self.table = None
                if tag == "tr": self.row = None
        page = Page()
        page.feed(open(root + "/insights/index.html", encoding="utf-8").read())
        site = page.found.get("site", {})
        got = {}
        figures = site.get("figures", {})
        got["totals"] = {k: figures.get(k, [None, None, None]) for k in expected["totals"]}
        rising = site.get("rising") or [[], [], []]
        got["rising7"] = [r[0] for r in rising[0]]
        got["rising30"] = [r[0] for r in rising[1]]
        got["relative"] = [r[0] for r in rising[2]]
        for k in ("releases", "quiet", "recent"):
            got[k] = [r[0] for r in (site.get(k) or [[]])[0]]
        langs = site.get("languages") or [[], []]
        got["languages_repos"] = [r[0] for r in langs[0]]
        got["languages_stars"] = [r[0] for r in langs[1]]
        shown = sorted(k for k in site.keys() if k != "figures")
        print(json.dumps({"expected": expected, "got": got, "sections": shown, "left_out": page.left_out}))
        """#

    struct Compared: Decodable {
        let expected: JSONValue
        let got: JSONValue
        let sections: [String]
        let left_out: String?
    }

    static func compare(_ site: BuiltSite) throws -> Compared {
        let run = try PythonRun.run(recompute, [site.output.path])
        #expect(run.status == 0, "\(run.stderr)")
        return try JSONDecoder().decode(Compared.self, from: run.stdout)
    }

    @Test("every figure of the whole site's insights is what snapshot.json and history.json give")
    func figuresRecomputed() async throws {
        let site = try await DashboardSite.site()
        #expect(site.result.status == 0, "\(site)")
        let compared = try Self.compare(site)
        // Only the sections with something to list; those left out (no release in the recorded
        // responses, no repository woke up or went quiet) are named in the line under them.
        #expect(compared.sections == ["languages", "recent", "rising", "totals"], "\(compared.sections)")
        #expect(compared.expected["releases"]?.array?.isEmpty == true)
        #expect(compared.expected["quiet"]?.array?.isEmpty == true)
        #expect(
            compared.left_out
                == "Not shown until there is something to list: Releases of the last 30 days, Waking up, and Going quiet.",
            "\(compared)")
        for key in [
            "totals", "rising7", "rising30", "relative", "releases", "quiet", "recent", "languages_repos",
            "languages_stars",
        ] {
            #expect(compared.got[key] == compared.expected[key], "\(key): page \(compared.got[key] ?? .null)")
        }
        // Not vacuous: six weeks of history give changes over 7 and 30 days and a list of risers.
        let stars = compared.expected["totals"]?["stars"]?.array ?? []
        #expect(stars.count == 3 && stars[1].int != nil && stars[2].int != nil, "\(stars)")
        #expect((compared.expected["rising7"]?.array ?? []).count >= 5)
        #expect((compared.expected["relative"]?.array ?? []).count >= 1)
        #expect((compared.expected["recent"]?.array ?? []).count == 9)
    }

    @Test("the insights page is linked from every gallery page and keeps the strict policy (no script)")
    func linkedAndStatic() async throws {
        let site = try await DashboardSite.site()
        let gallery = try site.read("index.html")
        #expect(gallery.contains("href=\"insights/index.html\""))
        let page = try site.read("insights/index.html")
        #expect(!page.contains("<script"))
        #expect(page.contains("script-src 'self'") && !page.contains("unsafe-inline"))
        #expect(page.contains("History recorded since"))
        for insight in ["totals", "rising", "languages", "recent"] {
            #expect(page.contains("data-insight=\"\(insight)\""), "\(insight)")
        }
        // The totals are figures, not table rows; each chart comes with its numbers in a table, folded.
        #expect(page.contains("<li class=\"insight-figure\" data-key=\"stars\">"))
        #expect(!page.contains("<tr data-key=\"stars\">"))
        let bars = page.components(separatedBy: "<svg class=\"insight-bars\"").count - 1
        #expect(bars >= 2)
        #expect(page.components(separatedBy: "<details class=\"insight__data\">").count - 1 == bars)
        #expect(page.components(separatedBy: "<table").count >= 6)
        #expect(!page.contains(": none</p>"))
    }

    @Test("every repository page shows a labelled history chart, its points titled, its numbers in a table")
    func historyCharts() async throws {
        let site = try await DashboardSite.site()
        for (index, repo) in MainSite.expected.enumerated() {
            let page = try site.read(repo.pagePath + "index.html")
            #expect(page.contains("<svg class=\"history-chart\" data-chart=\"history\""), "\(repo.config)")
            #expect(page.contains("data-history-start=\"first-snapshot\""))
            let points = DashboardSite.seeded(repo, index: index).count + 1
            let first = Date(timeIntervalSince1970: Double(DashboardSite.seeded(repo, index: index)[0][0]))
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "d MMM yyyy"
            let day = formatter.string(from: first)
            #expect(page.contains("first snapshot on \(day)"), "\(repo.config): \(day)")
            #expect(page.contains("<title>Stars on \(day): "), "\(repo.config)")
            let rows = page.components(separatedBy: "<tr><th scope=\"row\"><time").count - 1
            #expect(rows == points, "\(repo.config): \(rows) rows")
            #expect(page.contains("<details class=\"history-chart__data\">") && page.contains("href=\"history.csv\""))
        }
    }
}
