#!/usr/bin/env python3
"""GitHub stand-in for the benchmark: N synthetic repositories, generated on request.

    python3 synthetic_server.py [--latency SECONDS] [--port 0] [--org-repos M] [--minute SECONDS]
                                [--rest-per-minute 900] [--graphql-per-minute 2000] [--concurrency 100]

Repositories are bench-owner-K/repo-K (K = 0..N-1, owners shared by 10 repositories each), each with
four contributors (avatars shared by 40 logins). One organization, bench-org, owns M repositories
(bench-org/repo-0..M-1, default 10,000): GET /users/bench-org, then GET /orgs/bench-org/repos
100 per page (per_page, at most 100) with GitHub's Link headers, list items shaped like GitHub's. Every response carries an ETag and answers 304 to
a matching If-None-Match. Prints "PORT <n>" when listening. GET /_stats returns request counts and
the timeline (first request, last answer, seconds in flight summed), GET /_timeline every request's
(start, end); POST /_reset clears them. Loopback only; stops by itself after --max-lifetime seconds.

GitHub's secondary limits are enforced as GitHub documents them, with the minute scaled (--minute,
60 by default; the client's --rate-limits minute=... must match): more than --rest-per-minute REST
requests (every request counts, a 304 too) or --graphql-per-minute GraphQL queries arriving within a
minute, or more than --concurrency requests in flight, is answered 403 "You have exceeded a secondary
rate limit" with retry-after; every such answer is counted (/_stats: limited_rest, limited_graphql,
limited_concurrency). The primary quota is counted, not enforced unless --quota is given: every API
answer costs one, except a 304 to a request with an Authorization header and GET /rate_limit
(/_stats: cost). Answers carry x-ratelimit-remaining/limit/reset.

GET /repos/OWNER/repo-K/stargazers/history answers GitHub's star history (2026-09-04): 1 + (37 K mod 520)
weeks, newest first, 30 a page (per_page, at most 30), `{"week", "total", "days"}` with a few stars a
day, GitHub's Link headers (`next`, `last`, in the numeric `/repositories/ID/...` form), an empty array
past the last page; each page costs one request of the quota, like any API answer.

POST /graphql answers GitHub's batched repository query (aliases `rN: repository(owner: $oN,
name: $nN)`): every field a card shows, the open issue and pull request counts, or null with a
NOT_FOUND error for a repository that does not exist. POST /_push?every=K moves pushed_at of every
K-th repository of the organization (K = 100: 1 %), as a push would: their listing pages and
documents change.
"""

import argparse
import collections
import json
import os
import re
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

# How GitHub shapes its answers, shared with the tests' fixture server.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Fixtures"))
import github_behaviour as github  # noqa: E402

REPO_RE = re.compile(r"^/repos/(bench-owner-\d+|bench-org)/(repo-\d+)$")
CONTRIB_RE = re.compile(r"^/repos/(bench-owner-\d+|bench-org)/(repo-\d+)/contributors$")
STAR_HISTORY_RE = re.compile(r"^/repos/(bench-owner-\d+|bench-org)/(repo-\d+)/stargazers/history$")
# The newest week of every star history: Monday 2026-11-16, 00:00 UTC.
NEWEST_WEEK = 1_794_787_200
ORG = "bench-org"
# The *_url fields every GitHub list item carries: they are most of its weight.
URL_FIELDS = ["forks", "keys", "collaborators", "teams", "hooks", "issue_events", "events", "assignees",
              "branches", "tags", "blobs", "git_tags", "git_refs", "trees", "statuses", "languages",
              "stargazers", "contributors", "subscribers", "subscription", "commits", "git_commits",
              "comments", "issue_comment", "contents", "compare", "merges", "archive", "downloads",
              "issues", "pulls", "milestones", "notifications", "labels", "releases", "deployments"]
AVATAR_RE = re.compile(r"^/_avatars/([\w-]+)$")
GRAPHQL_FIELD_RE = re.compile(r"(\w+)\s*:\s*repository\(\s*owner:\s*\$(\w+)\s*,\s*name:\s*\$(\w+)\s*\)")
PUSHED_BASE = 1_790_000_000


class Limits:
    """GitHub's secondary limits, counted as requests arrive, and the primary quota's spending."""

    def __init__(self, minute, rest, graphql, concurrency, quota):
        self.lock = threading.Lock()
        self.minute, self.per_minute, self.concurrency, self.quota = minute, {"rest": rest, "graphql": graphql}, \
            concurrency, quota
        self.reset()

    def reset(self):
        with self.lock:
            self.arrivals = {"rest": collections.deque(), "graphql": collections.deque()}
            self.limited = {"rest": 0, "graphql": 0, "concurrency": 0}
            self.in_flight = 0
            self.cost = 0

    def arrive(self, api):
        """None when the request may be answered, else which limit it broke."""
        with self.lock:
            now = time.time()
            window = self.arrivals[api]
            while window and window[0] <= now - self.minute:
                window.popleft()
            window.append(now)
            self.in_flight += 1
            if self.in_flight > self.concurrency:
                self.limited["concurrency"] += 1
                return "concurrency"
            if len(window) > self.per_minute[api]:
                self.limited[api] += 1
                return api
            return None

    def leave(self):
        with self.lock:
            self.in_flight -= 1

    def spend(self):
        with self.lock:
            self.cost += 1
            return self.remaining()

    def remaining(self):
        return max(0, self.quota - self.cost)

    def exhausted(self):
        with self.lock:
            return self.cost >= self.quota


def png(seed: str) -> bytes:
    return github.png(seed, size=16, text=False)


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.reset()

    def reset(self):
        self.api = 0
        self.api_304 = 0
        self.avatars = 0
        self.avatars_304 = 0
        # The timeline, in the server's clock (time.time(), comparable with the client's): when the
        # first request arrived, when the last answer left, and the seconds requests were in flight
        # summed (busy / span = how many were in flight on average).
        self.first = None
        self.last = None
        self.busy = 0.0
        self.in_flight = 0
        self.most_in_flight = 0
        self.intervals = []
        self.graphql = 0

    def begin(self):
        with self.lock:
            now = time.time()
            self.first = now if self.first is None else self.first
            self.in_flight += 1
            self.most_in_flight = max(self.most_in_flight, self.in_flight)
            return now

    def end(self, started):
        with self.lock:
            self.last = time.time()
            self.busy += self.last - started
            self.intervals.append((started, self.last))
            self.in_flight -= 1

    def add(self, kind, not_modified):
        with self.lock:
            if kind == "api":
                self.api += 1
                self.api_304 += not_modified
            else:
                self.avatars += 1
                self.avatars_304 += not_modified

    def json(self, limits=None):
        with self.lock:
            extra = {}
            if limits:
                extra = {"limited_rest": limits.limited["rest"], "limited_graphql": limits.limited["graphql"],
                         "limited_concurrency": limits.limited["concurrency"], "cost": limits.cost,
                         "graphql": self.graphql}
            return json.dumps({"api": self.api, "api_304": self.api_304,
                               "avatars": self.avatars, "avatars_304": self.avatars_304,
                               "first": self.first, "last": self.last, "busy": self.busy,
                               "most_in_flight": self.most_in_flight, **extra}).encode()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body leave in two writes; with Nagle's algorithm the body would wait for the
    # client's delayed ACK (~40 ms), adding that to every response with a body.
    disable_nagle_algorithm = True
    latency = 0.0
    base = ""
    org_repos = 10_000
    stats = Stats()
    limits = None  # set in main()
    pushed_every = 0  # POST /_push: every K-th repository pushed once more

    def log_message(self, *args):
        pass

    def do_POST(self):
        path, _, query = self.path.partition("?")
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        if path == "/_reset":
            self.stats.reset()
            self.limits.reset()
            self.reply(200, b"{}", "application/json")
        elif path == "/_push":
            Handler.pushed_every = int(parse_qs(query).get("every", ["100"])[-1])
            self.reply(200, b"{}", "application/json")
        elif path == "/graphql":
            started = self.stats.begin()
            try:
                with self.stats.lock:
                    self.stats.graphql += 1
                self.answer_graphql(body)
            finally:
                self.limits.leave()
                self.stats.end(started)
        else:
            self.reply(404, b"{}", "application/json")

    def answer_graphql(self, body):
        time.sleep(self.latency)
        broken = self.limits.arrive("graphql")
        if broken:
            self.refuse(broken)
            return
        request = json.loads(body or b"{}")
        variables = request.get("variables") or {}
        data, errors = {"rateLimit": {"cost": 3, "remaining": 5000 - 3, "limit": 5000}}, []
        for line_number, line in enumerate(request.get("query", "").split("\n"), start=1):
            for m in GRAPHQL_FIELD_RE.finditer(line):
                alias, owner, name = m.group(1), variables.get(m.group(2), ""), variables.get(m.group(3), "")
                if REPO_RE.match(f"/repos/{owner}/{name}"):
                    data[alias] = self.node(owner, name)
                else:
                    data[alias] = None
                    errors.append(github.graphql_not_found(alias, "repository", f"{owner}/{name}", line_number,
                                                           m.start() + 1))
        answer = {"data": data}
        if errors:
            answer["errors"] = errors
        self.reply(200, json.dumps(answer).encode(), "application/json")

    def node(self, owner, name):
        item = self.repository(owner, name)
        k = int(name.split("-")[1])
        return {"nameWithOwner": item["full_name"], "url": item["html_url"], "description": item["description"],
                "stargazerCount": item["stargazers_count"], "forkCount": item["forks_count"],
                "hasIssuesEnabled": item["has_issues"], "isArchived": False, "pushedAt": item["pushed_at"],
                "owner": {"login": owner, "avatarUrl": item["owner"]["avatar_url"]},
                "repositoryTopics": {"nodes": [{"topic": {"name": "swift"}}, {"topic": {"name": "benchmark"}}]},
                "issues": {"totalCount": item["open_issues_count"] * 2 // 3},
                "pullRequests": {"totalCount": item["open_issues_count"] - item["open_issues_count"] * 2 // 3},
                "isPrivate": False, "primaryLanguage": {"name": "Swift", "color": "#F05138"},
                "latestRelease": {"tagName": f"v1.{k % 30}.0", "publishedAt": "2026-10-01T00:00:00Z"}}

    def refuse(self, broken):
        """GitHub's secondary-limit answer, with the wait it asks for."""
        status, headers, body = github.answer("secondary_limit", retry_after=max(1, int(self.limits.minute / 2)))
        headers.pop("content-type", None)
        self.reply(status if broken != "concurrency" else 429, body, "application/json",
                   {**headers, **self.quota_headers()})

    def quota_headers(self):
        return github.quota_headers(self.limits.quota, self.limits.remaining(), time.time() + 3600)

    def do_GET(self):
        path, _, query = self.path.partition("?")
        if path == "/_stats":
            self.reply(200, self.stats.json(self.limits), "application/json")
            return
        if path == "/_timeline":
            with self.stats.lock:
                self.reply(200, json.dumps(self.stats.intervals).encode(), "application/json")
            return
        started = self.stats.begin()
        api = not AVATAR_RE.match(path)
        try:
            if api:
                broken = self.limits.arrive("rest")
                if broken:
                    time.sleep(self.latency)
                    self.refuse(broken)
                    return
            self.answer(path, query)
        finally:
            if api:
                self.limits.leave()
            self.stats.end(started)

    def answer(self, path, query):
        time.sleep(self.latency)
        if path == "/rate_limit":
            core = {"limit": self.limits.quota, "remaining": self.limits.remaining(), "used": self.limits.cost,
                    "reset": int(time.time()) + 3600}
            self.reply(200, json.dumps({"resources": {"core": core}, "rate": core}).encode(), "application/json",
                       self.quota_headers())
        elif self.limits.exhausted() and (REPO_RE.match(path) or CONTRIB_RE.match(path) or STAR_HISTORY_RE.match(path)
                                          or path.startswith(("/orgs/",
                                                                                                              "/users/"))):
            status, headers, body = github.answer("primary_limit", **{
                k.replace("-", "_"): v for k, v in {**self.quota_headers(), "x-ratelimit-remaining": "0"}.items()})
            headers.pop("content-type", None)
            self.reply(status, body, "application/json", headers)
        elif path == f"/users/{ORG}":
            self.serve_json("api", {"login": ORG, "id": 9000, "type": "Organization",
                                    "avatar_url": f"{self.base}/_avatars/{ORG}?v=4",
                                    "html_url": f"https://github.com/{ORG}"})
        elif path == f"/orgs/{ORG}/repos":
            self.serve_listing(parse_qs(query))
        elif m := REPO_RE.match(path):
            self.serve_json("api", self.repository(m.group(1), m.group(2)))
        elif m := CONTRIB_RE.match(path):
            self.serve_json("api", self.contributors(m.group(2)))
        elif m := STAR_HISTORY_RE.match(path):
            self.serve_star_history(m.group(2), parse_qs(query))
        elif m := AVATAR_RE.match(path):
            body = png(m.group(1))
            self.serve("avatar", body, "image/png")
        else:
            self.reply(404, json.dumps(github.answer_body("not_found")).encode(), "application/json")

    def repository(self, owner, name):
        k = int(name.split("-")[1])
        return {
            "id": 100000 + k, "name": name, "full_name": f"{owner}/{name}",
            "owner": {"login": owner, "type": "User", "avatar_url": f"{self.base}/_avatars/{owner}?v=4"},
            "html_url": f"https://github.com/{owner}/{name}",
            "description": f"Synthetic repository number {k} for the benchmark.",
            "stargazers_count": (k * 7919) % 200000, "watchers_count": (k * 7919) % 200000,
            "forks_count": (k * 104729) % 30000, "open_issues_count": (k * 31) % 900,
            "has_issues": k % 7 != 0, "archived": False,
            "pushed_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(self.pushed(k))),
        }

    def pushed(self, k):
        pushed = PUSHED_BASE - (k % 120) * 86400
        if self.pushed_every and k % self.pushed_every == 0:
            pushed += 86400 * 200  # a push after every other date of the site
        return pushed

    def listed(self, owner, name):
        item = self.repository(owner, name)
        item["owner"].update({"id": 9000, "type": "Organization", "url": f"{self.base}/users/{owner}",
                              "html_url": f"https://github.com/{owner}", "site_admin": False})
        api = f"{self.base}/repos/{owner}/{name}"
        item.update({"node_id": f"R_{item['id']}", "private": False, "fork": False, "url": api,
                     "created_at": "2020-01-01T00:00:00Z", "updated_at": item["pushed_at"],
                     "git_url": f"git://github.com/{owner}/{name}.git", "ssh_url": f"git@github.com:{owner}/{name}.git",
                     "clone_url": f"https://github.com/{owner}/{name}.git", "homepage": None, "size": 1234,
                     "language": "Swift", "topics": ["swift", "benchmark"], "visibility": "public",
                     "default_branch": "main", "license": None, "watchers": item["stargazers_count"],
                     "forks": item["forks_count"], "open_issues": item["open_issues_count"]})
        for field in URL_FIELDS:
            item[f"{field}_url"] = f"{api}/{field}"
        return item

    def serve_listing(self, query):
        per_page = min(100, int(query.get("per_page", ["30"])[-1]))
        page = max(1, int(query.get("page", ["1"])[-1]))
        total = self.org_repos
        last = max(1, (total + per_page - 1) // per_page)
        start = (page - 1) * per_page
        items = [self.listed(ORG, f"repo-{k}") for k in range(start, min(total, start + per_page))]

        def link(n):
            return f"{self.base}/orgs/{ORG}/repos?type=public&sort=full_name&per_page={per_page}&page={n}"
        links = github.link_header(link, page, last)
        self.serve("api", json.dumps(items).encode(), "application/json; charset=utf-8",
                   {"Link": links} if links else None)

    def serve_star_history(self, name, query):
        k = int(name.split("-")[1])
        weeks = 1 + (37 * k) % 520
        per_page = max(1, min(30, int(query.get("per_page", ["30"])[-1])))
        page = max(1, int(query.get("page", ["1"])[-1]))
        last = max(1, (weeks + per_page - 1) // per_page)
        items = []
        for i in range((page - 1) * per_page, min(weeks, page * per_page)):
            days = [(k + i * 7 + d) % 4 for d in range(7)]
            items.append({"week": NEWEST_WEEK - i * 604800, "total": sum(days), "days": days})

        def link(n):
            return f"<{self.base}/repositories/{100000 + k}/stargazers/history?per_page={per_page}&page={n}>"
        links = []
        if page < last:
            links += [f'{link(page + 1)}; rel="next"', f'{link(last)}; rel="last"']
        if page > 1:
            links += [f'{link(page - 1)}; rel="prev"', f'{link(1)}; rel="first"']
        self.serve("api", json.dumps(items).encode(), "application/json; charset=utf-8",
                   {"Link": ", ".join(links)} if links else None)

    def contributors(self, name):
        k = int(name.split("-")[1])
        people = []
        for rank in range(4):
            login = f"dev{(k + rank * 13) % 40}"
            people.append({"login": login, "type": "User", "contributions": 1000 // (rank + 1) + k % 17,
                           "avatar_url": f"{self.base}/_avatars/{login}?v=4"})
        return people

    def serve_json(self, kind, value):
        self.serve(kind, json.dumps(value).encode(), "application/json; charset=utf-8")

    def serve(self, kind, body, content_type, extra=None):
        etag = github.etag(body)
        not_modified = github.not_modified(self.headers.get("If-None-Match"), etag)
        self.stats.add(kind, not_modified)
        quota = {}
        if kind == "api":
            # GitHub: a conditional request answered 304 is free when it carries the token.
            if not (not_modified and self.headers.get("Authorization")):
                self.limits.spend()
            quota = self.quota_headers()
        if not_modified:
            self.send_response_only(304)
            self.send_header("ETag", etag)
            for k, v in {**quota, **(extra or {})}.items():
                self.send_header(k, v)
            self.end_headers()
            return
        self.reply(200, body, content_type, {"ETag": etag, **quota, **(extra or {})})

    def reply(self, status, body, content_type, headers=None):
        self.send_response_only(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--latency", type=float, default=0.0)
    ap.add_argument("--max-lifetime", type=float, default=3600)
    ap.add_argument("--org-repos", type=int, default=10_000, help="repositories of the organization bench-org")
    ap.add_argument("--minute", type=float, default=60.0, help="seconds GitHub's per-minute limits count over")
    ap.add_argument("--rest-per-minute", type=int, default=900)
    ap.add_argument("--graphql-per-minute", type=int, default=2000)
    ap.add_argument("--concurrency", type=int, default=100)
    ap.add_argument("--quota", type=int, default=1_000_000_000, help="the primary quota (answers that cost one)")
    args = ap.parse_args()
    Handler.limits = Limits(args.minute, args.rest_per_minute, args.graphql_per_minute, args.concurrency, args.quota)
    ThreadingHTTPServer.daemon_threads = True
    ThreadingHTTPServer.request_queue_size = 256
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    port = server.server_address[1]
    Handler.latency = args.latency
    Handler.org_repos = args.org_repos
    Handler.base = f"http://127.0.0.1:{port}"
    threading.Thread(target=lambda: (time.sleep(args.max_lifetime), os._exit(0)), daemon=True).start()
    print(f"PORT {port}", flush=True)
    server.serve_forever(poll_interval=0.2)


if __name__ == "__main__":
    sys.exit(main())
