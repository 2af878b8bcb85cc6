#!/usr/bin/env python3
"""A tiny GitHub API stand-in for the end-to-end tests (Python 3.11 stdlib only).

    python3 fixture_server.py --routes ROUTES.json [--host 127.0.0.1] [--port 0]

Prints ``PORT <n>`` on stdout once listening. Routes file: a JSON list of

    {"method": "GET", "path": "/repos/twbs/bootstrap", "query": {"page": "2"},   # query optional
     "responses": [{"status": 200, "headers": {...},
                    "body_file": "...",  # a bare body, or an interaction-*.json (status/headers/body)
                    "raw": true,         # optional: body_file's bytes as they are (only the origin rewritten)
                    "body": <JSON>, "body_text": "...", "body_base64": "...",   # or one of these
                    "rewrite": true}]}                                          # optional, default true

Several responses are served in sequence, the last one repeating. Unknown routes get GitHub's
404 body (but for the star history, below). How GitHub shapes its answers (avatars' PNGs, ETags and
304s, GraphQL's NOT_FOUND entries, the faults' recorded answers) comes from `github_behaviour.py`,
which the benchmarks' servers share. Every https://api.github.com in bodies and headers becomes this
server's base URL; avatar URLs become <base>/_avatars/<original path>[?query], and
GET /_avatars/... answers a small PNG (distinct bytes per URL) unless a route is configured
for that path. Responses carrying an ETag answer 304 to a matching If-None-Match
(`--auto-etag` gives every 200 API response one). `--avatar-base URL` points avatar URLs at
another server (e.g. 127.0.0.2); `--latency S` delays every response; `--hold` keeps every
response back (the request logged as it arrives, with no status yet) until GET /_release or a line
"release" on standard input, so a test can act on a build that is certainly mid-request without
guessing a time; `--held-file PATH` appends each held request to PATH as one JSON line (flushed), so a
test can wait for one without asking this server anything; a header value
"{{now+N}}" is sent as the Unix time N seconds from now.
A response may be {"graphql": {"repos": {"owner/name": {"issues": 3, "pulls": 1}}, "cost": 1,
"remaining": 4999, "limit": 5000}} (for POST /graphql): the answer is computed from the request's
query and variables in GitHub's shape -- each `ALIAS: repository(owner: $o, name: $n)` gets its
counts (and `latestRelease` when the spec gives a "release"), or null plus a NOT_FOUND entry in
`errors` when the repository is not listed; a repository's "private": true answers `isPrivate: true`.
An entry may also give "node": the rest of the repository's fields in GitHub's shape
(`nameWithOwner` differing from the name asked for is a rename), merged into the answer.
Star and fork dates (the history's backfill): an alias asking `stargazers(first: N, after: $s, …)` or
`forks(first: N, after: $f, …)` gets a page of the entry's "stargazers" / "forks" spec --
{"dates": [ISO 8601, …]} (oldest first; `edges { starredAt }` / `nodes { createdAt }`, cursors
"cursor:OFFSET"), {"hidden": true, "total": N} (GitHub's answer to others than admins and
collaborators since 2026-06-30: the count and an empty list) or {"forbidden": true} (null and a
FORBIDDEN entry in `errors`); "createdAt" answers the repository's creation time.
A spec's "users": {"login": {...}} answers `ALIAS: user(login: $l)` with that object as it stands
(GitHub's `User` fields, e.g. `contributionsCollection`), or null plus a NOT_FOUND entry.
A response may be {"star_history": {...}} (for GET /repos/OWNER/NAME/stargazers/history, GitHub's
star history since 2026-09-04): pages of the spec's "weeks" (newest first, each {"week": seconds,
"total": n, "days": [7 counts]}, served as given, so a test can break them), or of "generated":
{"newest": seconds, "count": N, "per_day": k} (N weeks of k stars a day), `per_page` (at most 30,
or the spec's "page_size") at a time, with GitHub's `Link` (`rel="next"`, `rel="last"`, in the numeric
`/repositories/ID/stargazers/history` form) and an empty array past the last page; "new_week":
{week} with "new_week_from_page": P puts one more week at the head of the list from page P on (a
new week begun while paging: page P repeats the last week of page P-1).
Without a route, GET /repos/OWNER/NAME/stargazers/history answers 200 with an empty page (`[]`, no
`Link`): the page GitHub sends past a history's last one, which ends the reading at one request a
repository. It stands for a history the test does not look at (the shape is documented in
github/README.md, "The star history"); a test that looks at one gives its weeks, and one that wants
the endpoint missing (an older GitHub Enterprise Server) routes a 404.
API paths match case-insensitively (as on GitHub); /_avatars/ paths match exactly.
Every request is logged; GET /_log returns the log as JSON (not itself logged).
"""

import argparse
import base64
import json
import os
import re
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

import github_behaviour as github

API_ORIGIN = "https://api.github.com"
STAR_HISTORY_PATH_RE = re.compile(r"/repos/[^/]+/[^/]+/stargazers/history")
# Hosts whose URLs are avatars: avatars.githubusercontent.com, avatars0..3.githubusercontent.com,
# secure.gravatar.com, www.gravatar.com, gravatar.com, 0..2.gravatar.com.
AVATAR_URL_RE = re.compile(
    r"https?://(?:avatars\d*\.githubusercontent\.com|(?:[a-z0-9-]+\.)?gravatar\.com)"
    r"(/[^\s\"'<>\\]*)?"
)
# Headers of a recorded interaction that describe the recorded transfer, not the payload.
DROPPED_HEADERS = {"content-length", "transfer-encoding", "content-encoding", "connection",
                   "keep-alive", "status"}


def make_png(seed: str) -> bytes:
    """An 8x8 RGB PNG, one colour derived from `seed`, with `seed` in a tEXt chunk."""
    return github.png(seed)


class Fixtures:
    def __init__(self, routes_path: str, base: str, avatar_base: str = None, auto_etag: bool = False,
                 latency: float = 0.0, hold: bool = False, held_file: str = None):
        self.base = base
        self.held_file = held_file
        self.released = threading.Event()
        if not hold:
            self.released.set()
        self.avatar_base = avatar_base or base
        self.auto_etag = auto_etag
        self.latency = latency
        self.routes_dir = os.path.dirname(os.path.abspath(routes_path))
        with open(routes_path, encoding="utf-8") as f:
            raw_routes = json.load(f)
        if not isinstance(raw_routes, list):
            raise ValueError("routes file must hold a JSON list")
        self.routes = []
        for i, r in enumerate(raw_routes):
            responses = r.get("responses")
            if not responses:
                raise ValueError(f"route {i} ({r.get('path')}) has no responses")
            self.routes.append({
                "method": r.get("method", "GET").upper(),
                "path": r["path"],
                "query": r.get("query"),
                "responses": [self.prepare(resp) for resp in responses],
                "served": 0,
            })
        self.lock = threading.Lock()
        self.log = []

    # --- preparing responses -------------------------------------------------------------

    def resolve(self, path: str) -> str:
        if os.path.isabs(path):
            return path
        for d in (self.routes_dir, os.getcwd()):
            candidate = os.path.join(d, path)
            if os.path.exists(candidate):
                return candidate
        return os.path.join(self.routes_dir, path)

    def rewrite_text(self, text: str) -> str:
        text = text.replace(API_ORIGIN, self.base)

        def avatar(m):
            return self.avatar_base + "/_avatars" + (m.group(1) or "/")
        return AVATAR_URL_RE.sub(avatar, text)

    def rewrite_json(self, value):
        """Point every absolute `avatar_url` (whatever its host) at /_avatars/."""
        if isinstance(value, list):
            return [self.rewrite_json(v) for v in value]
        if isinstance(value, dict):
            out = {}
            for k, v in value.items():
                if (k == "avatar_url" and isinstance(v, str) and re.match(r"https?://", v)
                        and not v.startswith(self.avatar_base)):
                    parts = urlsplit(v)
                    v = self.avatar_base + "/_avatars" + (parts.path or "/") + (
                        "?" + parts.query if parts.query else "")
                out[k] = self.rewrite_json(v)
            return out
        return value

    def prepare(self, spec: dict) -> dict:
        if "star_history" in spec:
            return {"status": 200, "headers": {"content-type": "application/json; charset=utf-8"},
                    "body": None, "star_history": spec["star_history"]}
        if "graphql" in spec:
            headers = {k.lower(): str(v) for k, v in (spec.get("headers") or {}).items()}
            headers.setdefault("content-type", "application/json; charset=utf-8")
            return {"status": int(spec.get("status", 200)), "headers": headers, "body": None,
                    "graphql": spec["graphql"]}
        status = 200
        headers = {}
        body = None  # bytes or None
        rewrite = spec.get("rewrite", True)
        json_value = None
        has_json = False
        text = None

        if "body_file" in spec and spec.get("raw"):
            # Bytes as they are (the payload fuzzer's broken bodies): only the API origin is rewritten.
            with open(self.resolve(spec["body_file"]), "rb") as f:
                body = f.read()
            if rewrite:
                body = body.replace(API_ORIGIN.encode(), self.base.encode())
        elif "body_file" in spec:
            path = self.resolve(spec["body_file"])
            with open(path, "rb") as f:
                data = f.read()
            try:
                loaded = json.loads(data.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError):
                loaded = None
                body = data
            is_interaction = (isinstance(loaded, dict) and "status" in loaded and "body" in loaded
                              and ("request" in loaded or os.path.basename(path).startswith("interaction-")))
            if is_interaction:
                status = int(loaded.get("status") or 200)
                for k, v in (loaded.get("headers") or {}).items():
                    if k.lower() not in DROPPED_HEADERS:
                        headers[k.lower()] = str(v)
                b = loaded.get("body")
                if isinstance(b, str):
                    text = b
                elif b is not None:
                    json_value, has_json = b, True
            elif loaded is not None:
                json_value, has_json = loaded, True
        if "body" in spec:
            json_value, has_json, text, body = spec["body"], True, None, None
        if "body_text" in spec:
            text, has_json, body = spec["body_text"], False, None
        if "body_base64" in spec:
            body, has_json, text = base64.b64decode(spec["body_base64"]), False, None
            rewrite = False

        if "status" in spec:
            status = int(spec["status"])
        for k, v in (spec.get("headers") or {}).items():
            if v is None:
                headers.pop(k.lower(), None)
            else:
                headers[k.lower()] = str(v)

        if has_json:
            if rewrite:
                json_value = self.rewrite_json(json_value)
            text = json.dumps(json_value, ensure_ascii=False, indent=2)
            headers.setdefault("content-type", "application/json; charset=utf-8")
        if text is not None:
            if rewrite:
                text = self.rewrite_text(text)
            body = text.encode("utf-8")
            headers.setdefault("content-type", "text/plain; charset=utf-8")
        if rewrite:
            headers = {k: self.rewrite_text(v) for k, v in headers.items()}
        if status in (204, 304) or (status < 200):
            body = None
        return {"status": status, "headers": headers, "body": body}

    # --- serving -------------------------------------------------------------------------

    @staticmethod
    def same_path(route_path: str, path: str) -> bool:
        """Exact match; like GitHub, API paths (not /_avatars/) ignore case."""
        for p in (path, unquote(path)):
            if route_path == p:
                return True
            if not p.startswith("/_avatars/") and route_path.lower() == p.lower():
                return True
        return False

    def match(self, method: str, raw_path: str):
        parts = urlsplit(raw_path)
        path = parts.path
        query = parse_qs(parts.query, keep_blank_values=True)
        for route in self.routes:
            if route["method"] != method and not (method == "HEAD" and route["method"] == "GET"):
                continue
            if not self.same_path(route["path"], path):
                continue
            wanted = route["query"]
            if wanted is not None:
                ok = all(query.get(k, [None])[-1] == str(v) for k, v in wanted.items())
                if not ok:
                    continue
            with self.lock:
                idx = min(route["served"], len(route["responses"]) - 1)
                route["served"] += 1
            return route["responses"][idx]
        return None

    def record(self, entry: dict):
        with self.lock:
            self.log.append(entry)

    def note_held(self, entry: dict):
        """Appends a held request to --held-file as one line; a reader takes only lines that have ended."""
        if not self.held_file:
            return
        line = (json.dumps(entry, ensure_ascii=False) + "\n").encode("utf-8")
        with self.lock:
            with open(self.held_file, "ab") as f:
                f.write(line)
                f.flush()

    def log_json(self) -> bytes:
        with self.lock:
            return json.dumps(self.log, ensure_ascii=False).encode("utf-8")


USER_FIELD_RE = github.USER_FIELD_RE
REPOSITORY_FIELD_RE = github.REPOSITORY_FIELD_RE
CONNECTION_RE = re.compile(r"\b(stargazers|forks)\(first:\s*(\d+)(?:,\s*after:\s*(\$\w+|null))?")


def dates_page(spec, kind, first, cursor, alias, errors):
    """One page of star or fork dates in GitHub's shape, or its refusal (None, with an error)."""
    if spec.get("forbidden"):
        errors.append({"type": "FORBIDDEN", "path": [alias, kind],
                       "message": "Resource not accessible by integration"})
        return None
    dates = spec.get("dates") or []
    total = spec.get("total", len(dates))
    if spec.get("hidden"):
        return {"totalCount": total, "edges" if kind == "stargazers" else "nodes": [],
                "pageInfo": {"hasNextPage": False, "endCursor": None}}
    offset = int(cursor.split(":")[1]) if cursor else 0
    page = dates[offset:offset + first]
    end = offset + len(page)
    if kind == "stargazers":
        entries = {"edges": [{"starredAt": d} for d in page]}
    else:
        entries = {"nodes": [{"createdAt": d} for d in page]}
    return {"totalCount": total, **entries,
            "pageInfo": {"hasNextPage": end < len(dates), "endCursor": f"cursor:{end}" if page else cursor}}


def star_history_answer(spec: dict, raw_path: str, base: str):
    """One page of GitHub's star history from `spec`: its body and its Link header."""
    query = parse_qs(urlsplit(raw_path).query)
    per_page = max(1, min(30, int(query.get("per_page", ["30"])[-1]), int(spec.get("page_size", 30))))
    page = max(1, int(query.get("page", ["1"])[-1]))
    weeks = spec.get("weeks")
    if weeks is None:
        gen = spec.get("generated") or {}
        per_day = int(gen.get("per_day", 1))
        weeks = [{"week": int(gen["newest"]) - i * 604800, "total": 7 * per_day, "days": [per_day] * 7}
                 for i in range(int(gen.get("count", 0)))]
    if spec.get("new_week") and page >= int(spec.get("new_week_from_page", 1)):
        weeks = [spec["new_week"]] + weeks
    chunk = weeks[(page - 1) * per_page:page * per_page]
    last = max(1, -(-len(weeks) // per_page))
    numeric = f"{base}/repositories/{int(spec.get('id', 1296269))}/stargazers/history?per_page={per_page}&page="
    links = []
    if page < last:
        links.append(f'<{numeric}{page + 1}>; rel="next"')
    if last > 1:
        links.append(f'<{numeric}{last}>; rel="last"')
    if page > 1:
        links.append(f'<{numeric}1>; rel="first"')
    return json.dumps(chunk).encode("utf-8"), ", ".join(links)


def graphql_answer(spec: dict, request_body: bytes) -> bytes:
    """GitHub's GraphQL answer to an aliased repository-count query, from `spec`."""
    try:
        request = json.loads(request_body.decode("utf-8"))
        query = request["query"]
        variables = request.get("variables") or {}
    except (ValueError, KeyError, TypeError, UnicodeDecodeError):
        return json.dumps({"errors": [{"message": "Problems parsing JSON"}]}).encode("utf-8")

    def value(token):
        return variables.get(token[1:]) if token.startswith("$") else token[1:-1]

    known = {k.lower(): v for k, v in (spec.get("repos") or {}).items()}
    users = {k.lower(): v for k, v in (spec.get("users") or {}).items()}
    data, errors = {}, []
    if "rateLimit" in query:
        data["rateLimit"] = {"cost": spec.get("cost", 1), "remaining": spec.get("remaining", 4999),
                             "limit": spec.get("limit", 5000)}
    for line_number, line in enumerate(query.split("\n"), start=1):
        for m in REPOSITORY_FIELD_RE.finditer(line):
            alias, owner, name = m.group(1), value(m.group(2)), value(m.group(3))
            counts = known.get(f"{owner}/{name}".lower())
            if counts is None:
                data[alias] = None
                errors.append(github.graphql_not_found(alias, "repository", f"{owner}/{name}", line_number,
                                                       m.start() + 1))
            else:
                data[alias] = {"issues": {"totalCount": counts.get("issues", 0)},
                               "pullRequests": {"totalCount": counts.get("pulls", 0)},
                               "isPrivate": bool(counts.get("private", False)),
                               **(counts.get("node") or {})}
                if "release" in counts:  # {"tagName": …, "publishedAt": …}, or null
                    data[alias]["latestRelease"] = counts["release"]
                if "createdAt" in counts:
                    data[alias]["createdAt"] = counts["createdAt"]
                for c in CONNECTION_RE.finditer(line[m.end():]):
                    kind, size, after = c.group(1), int(c.group(2)), c.group(3)
                    cursor = value(after) if after and after != "null" else None
                    data[alias][kind] = dates_page(counts.get(kind) or {}, kind, size, cursor, alias, errors)
        for m in USER_FIELD_RE.finditer(line):
            alias, login = m.group(1), value(m.group(2))
            user = users.get((login or "").lower())
            if user is None:
                data[alias] = None
                errors.append(github.graphql_not_found(alias, "user", login, line_number, m.start() + 1))
            else:
                data[alias] = user
    answer = {"data": data}
    if errors:
        answer["errors"] = errors
    return json.dumps(answer).encode("utf-8")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "repowatch-fixture-server/1"
    fixtures: Fixtures = None  # set in main()
    verbose = False

    def log_message(self, fmt, *args):  # noqa: N802 (stdlib name)
        if self.verbose:
            sys.stderr.write("fixture_server: " + (fmt % args) + "\n")

    def handle_any(self, method: str):
        length = int(self.headers.get("Content-Length") or 0)
        req_body = self.rfile.read(length) if length > 0 else b""
        path = self.path
        if method == "GET" and urlsplit(path).path == "/_log":
            self.send(200, {"content-type": "application/json; charset=utf-8"},
                      self.fixtures.log_json(), method)
            return
        if method == "GET" and urlsplit(path).path == "/_release":
            self.fixtures.released.set()
            self.send(204, {}, None, method)
            return
        headers = {}
        for k, v in self.headers.items():
            k = k.lower()
            headers[k] = v if k not in headers else headers[k] + ", " + v
        entry = {"method": method, "path": path, "headers": headers, "time": time.time()}
        if req_body:
            entry["body"] = req_body.decode("utf-8", "replace")

        held = not self.fixtures.released.is_set()
        if held:
            # Logged on arrival, so a test sees the request while its answer is still held back.
            self.fixtures.record(entry)
            self.fixtures.note_held(entry)
            self.fixtures.released.wait()
        resp = self.fixtures.match(method, path)
        if resp is None:
            if method in ("GET", "HEAD") and urlsplit(path).path.startswith("/_avatars/"):
                resp = {"status": 200, "headers": {"content-type": "image/png",
                                                   "cache-control": "max-age=300"},
                        "body": make_png(path)}
            elif method in ("GET", "HEAD") and STAR_HISTORY_PATH_RE.fullmatch(urlsplit(path).path):
                resp = {"status": 200, "headers": {"content-type": "application/json; charset=utf-8"},
                        "body": b"[]"}
            else:
                resp = {"status": 404, "headers": {"content-type": "application/json; charset=utf-8"},
                        "body": json.dumps(github.answer_body("not_found")).encode("utf-8")}
        status, out_headers, body = resp["status"], dict(resp["headers"]), resp["body"]
        if "graphql" in resp:
            body = graphql_answer(resp["graphql"], req_body)
        if "star_history" in resp:
            body, link = star_history_answer(resp["star_history"], path, self.fixtures.base)
            if link:
                out_headers["link"] = link
        if self.fixtures.latency > 0:
            time.sleep(self.fixtures.latency)
        # "{{now+N}}" in a header becomes the Unix time N seconds from now (rate-limit resets).
        for k, v in list(out_headers.items()):
            m = re.fullmatch(r"\{\{now([+-]\d+)?\}\}", v)
            if m:
                out_headers[k] = str(int(time.time()) + int(m.group(1) or 0))
        if (self.fixtures.auto_etag and "etag" not in out_headers and status == 200 and body
                and not urlsplit(path).path.startswith("/_avatars/")):
            out_headers["etag"] = github.etag(body, weak=True)
        if 200 <= status < 300 and github.not_modified(self.headers.get("If-None-Match"), out_headers.get("etag")):
            status, body = 304, None
            out_headers.pop("content-type", None)
        with self.fixtures.lock:
            entry["status"] = status
        if not held:
            self.fixtures.record(entry)
        self.send(status, out_headers, body, method)

    def send(self, status, headers, body, method):
        self.log_request(status)
        self.send_response_only(status)
        if "server" not in headers:
            self.send_header("Server", self.version_string())
        if "date" not in headers:
            self.send_header("Date", self.date_time_string())
        for k, v in headers.items():
            self.send_header(k, v)
        if status not in (204, 304) and status >= 200:
            self.send_header("Content-Length", str(len(body or b"")))
        self.end_headers()
        if body and method != "HEAD" and status not in (204, 304):
            self.wfile.write(body)
        self.wfile.flush()

    def do_GET(self):  # noqa: N802
        self.handle_any("GET")

    def do_HEAD(self):  # noqa: N802
        self.handle_any("HEAD")

    def do_POST(self):  # noqa: N802
        self.handle_any("POST")

    def do_PUT(self):  # noqa: N802
        self.handle_any("PUT")

    def do_PATCH(self):  # noqa: N802
        self.handle_any("PATCH")

    def do_DELETE(self):  # noqa: N802
        self.handle_any("DELETE")


def main(argv=None):
    # A test starts this server from a thread that blocks SIGTERM (Dispatch's and Swift concurrency's
    # threads do), and the mask is inherited: unblocked, a test's terminate() stops it at once.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    ap = argparse.ArgumentParser(description="GitHub API fixture server for tests")
    ap.add_argument("--routes", required=True, help="JSON file with the route list")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--exit-on-stdin-eof", action="store_true",
                    help="stop when standard input closes (the test process went away)")
    ap.add_argument("--max-lifetime", type=float, default=900.0,
                    help="stop by itself after this many seconds (0: never)")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--avatar-base", default=None,
                    help="rewrite avatar URLs to this origin (e.g. a second server on 127.0.0.2)")
    ap.add_argument("--auto-etag", action="store_true",
                    help="give 200 API responses without an ETag one (as GitHub always does)")
    ap.add_argument("--latency", type=float, default=0.0, help="seconds to wait before each response")
    ap.add_argument("--hold", action="store_true",
                    help="hold every response back until GET /_release or a line 'release' on stdin "
                         "(requests are logged on arrival)")
    ap.add_argument("--held-file", default=None,
                    help="append each held request to this file as a JSON line, as it arrives")
    args = ap.parse_args(argv)

    ThreadingHTTPServer.daemon_threads = True
    ThreadingHTTPServer.allow_reuse_address = True
    httpd = ThreadingHTTPServer((args.host, args.port), Handler)
    port = httpd.server_address[1]
    try:
        Handler.fixtures = Fixtures(args.routes, f"http://{args.host}:{port}", args.avatar_base,
                                    args.auto_etag, args.latency, args.hold, args.held_file)
    except Exception as e:  # noqa: BLE001 - report any bad route file and stop
        sys.stderr.write(f"fixture_server: cannot load routes: {e}\n")
        return 1
    Handler.verbose = args.verbose

    def stop_later(reason_wait):
        reason_wait()
        os._exit(0)

    if args.exit_on_stdin_eof:
        def wait_stdin():
            try:
                for line in sys.stdin.buffer:
                    if line.strip() == b"release":
                        Handler.fixtures.released.set()
            except Exception:  # noqa: BLE001
                pass
        threading.Thread(target=stop_later, args=(wait_stdin,), daemon=True).start()
    if args.max_lifetime > 0:
        threading.Thread(target=stop_later, args=(lambda: time.sleep(args.max_lifetime),),
                         daemon=True).start()

    sys.stdout.write(f"PORT {port}\n")
    sys.stdout.flush()
    try:
        httpd.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
