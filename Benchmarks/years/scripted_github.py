#!/usr/bin/env python3
"""A scripted GitHub for the two-year simulation (Python 3 stdlib only).

    python3 scripted_github.py --repos N --seed S --pages DIR [--port 0]

Serves N repositories (sim-owner-K/repo-I) whose data drifts one step at a time, from the seed alone:
stars up and down, pushes, new contributors, renames and transfers (the old name answers 301 to
/repositories/ID, as GitHub does), archiving, deletions (404). Every answer has an ETag and answers
304 to a matching If-None-Match. Avatars are /_avatars/LOGIN. DIR (the "deployed" site) is served
under /pages/, never faulted: it plays GitHub Pages, where a build restores a lost history from.

Control (from the driver, never from the build):
  POST /_step   {"step": n, "faults": {...}}  moves the world to step n (steps only go forward) and
                sets this build's faults: {"error5xx": p, "timeout": p, "primary": p, "secondary": p,
                "hold": seconds} -- each API request draws from the seed whether it fails that way
  GET  /_world  the world as the driver checks it: every repository's id, names, state and stars
  GET  /_stats  requests seen since the last /_step, by outcome
Prints "PORT <n>" once listening.
"""

import argparse
import json
import os
import random
import re
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote

# How GitHub shapes its answers, shared with the tests' fixture server.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "Fixtures"))
import github_behaviour as github  # noqa: E402

START = 1_767_225_600  # 2026-01-01T00:00:00Z, the simulation's step 0
STEP = 43_200  # twelve hours


def png(seed):
    return github.png(seed, size=8, text=False)


def iso(seconds):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


class Repo:
    def __init__(self, index, rng):
        self.id = 500_000 + index
        self.owner = f"sim-owner-{index % 8}"
        self.name = f"repo-{index}"
        self.former = []  # every earlier full name, lowercased
        self.stars = rng.randrange(0, 50_000)
        self.forks = rng.randrange(0, 3_000)
        self.issues = rng.randrange(0, 400)
        self.has_issues = rng.random() > 0.1
        self.archived = False
        self.deleted = False
        self.pushed = START - rng.randrange(0, 400) * 86_400
        self.people = [[f"dev-{index}-{k}", rng.randrange(50, 5_000)] for k in range(rng.randrange(0, 6))]

    @property
    def full_name(self):
        return f"{self.owner}/{self.name}"

    def drift(self, rng, now, events):
        """One step of twelve hours: small moves every time, rare events now and then."""
        self.stars = max(0, self.stars + rng.randint(-15, 40))
        self.forks = max(0, self.forks + rng.randint(-2, 5))
        self.issues = max(0, self.issues + rng.randint(-3, 3))
        if rng.random() < 0.3:
            self.pushed = now - rng.randrange(0, STEP)
        for person in self.people:
            person[1] += rng.randrange(0, 4)
        if rng.random() < 0.02:
            self.people.append([f"dev-{self.id}-{len(self.people)}", rng.randrange(1, 9_000)])
            events.append(("contributor", self.id, now))
        self.people.sort(key=lambda p: (-p[1], p[0]))
        roll = rng.random()
        if roll < 0.002:
            self.former.append(self.full_name.lower())
            self.name = f"{self.name.split('--')[0]}--v{len(self.former)}"
            events.append(("rename", self.id, now))
        elif roll < 0.003:
            self.former.append(self.full_name.lower())
            self.owner = f"sim-moved-{rng.randrange(0, 5)}"
            events.append(("transfer", self.id, now))
        elif roll < 0.0035 and not self.archived:
            self.archived = True
            events.append(("archive", self.id, now))
        elif roll < 0.0038:
            self.deleted = True
            events.append(("delete", self.id, now))

    def document(self, base):
        return {
            "id": self.id, "node_id": f"R_{self.id}", "name": self.name, "full_name": self.full_name,
            "private": False, "fork": False, "archived": self.archived,
            "owner": {"login": self.owner, "id": 7_000 + self.id % 8, "type": "User",
                      "avatar_url": f"{base}/_avatars/{self.owner}?v=4"},
            "html_url": f"https://github.com/{self.full_name}",
            "description": f"Repository {self.id}, drifting for two years.",
            "stargazers_count": self.stars, "watchers_count": self.stars, "forks_count": self.forks,
            "open_issues_count": self.issues, "has_issues": self.has_issues, "language": "Swift",
            "topics": ["simulation"], "pushed_at": iso(self.pushed), "created_at": iso(START - 900 * 86_400),
            "default_branch": "main", "visibility": "public",
        }

    def contributors(self, base):
        return [{"login": login, "id": zlib.crc32(login.encode()) % 10_000_000, "type": "User", "contributions": count,
                 "avatar_url": f"{base}/_avatars/{login}?v=4"} for login, count in self.people]


class World:
    def __init__(self, count, seed):
        self.seed = seed
        rng = random.Random(f"{seed}:start")
        self.repos = [Repo(index, rng) for index in range(count)]
        self.step = 0
        self.events = []
        self.faults = {}
        self.lock = threading.Lock()
        self.stats = {}
        self.draws = 0

    def advance(self, step, faults):
        with self.lock:
            while self.step < step:
                self.step += 1
                rng = random.Random(f"{self.seed}:step:{self.step}")
                now = START + self.step * STEP
                for repo in self.repos:
                    if not repo.deleted:
                        repo.drift(rng, now, self.events)
            self.faults = faults
            self.stats = {}
            self.draws = 0

    def find(self, full_name):
        """(repo, moved): the repository now or formerly at this name."""
        key = full_name.lower()
        for repo in self.repos:
            if repo.full_name.lower() == key:
                return repo, False
        for repo in self.repos:
            if key in repo.former:
                return repo, True
        return None, False

    def by_id(self, ident):
        return next((repo for repo in self.repos if repo.id == ident), None)

    def fault(self):
        """This request's fault, drawn from the seed and the request's place in the build."""
        with self.lock:
            self.draws += 1
            rng = random.Random(f"{self.seed}:fault:{self.step}:{self.draws}")
            roll = rng.random()
            edge = 0.0
            for kind in ("error5xx", "timeout", "primary", "secondary"):
                edge += self.faults.get(kind, 0.0)
                if roll < edge:
                    return kind, rng
            return None, rng

    def count(self, outcome):
        with self.lock:
            self.stats[outcome] = self.stats.get(outcome, 0) + 1

    def snapshot(self):
        with self.lock:
            return {"step": self.step, "events": self.events, "repos": [
                {"id": r.id, "index": i, "full_name": r.full_name, "former": r.former, "deleted": r.deleted,
                 "archived": r.archived, "stars": r.stars, "contributors": len(r.people)}
                for i, r in enumerate(self.repos)]}


REPOS_RE = re.compile(r"^/repos/([^/]+)/([^/]+)(/contributors)?$")
IDS_RE = re.compile(r"^/repositories/(\d+)(/contributors)?$")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    world = None
    pages = "."
    base = ""

    def log_message(self, *args):
        pass

    def handle(self):
        # A build that gave up on a held answer (its --timeout) has closed the connection: not an error.
        try:
            super().handle()
        except (BrokenPipeError, ConnectionResetError):
            pass

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(length) or b"{}")
        if self.path == "/_step":
            self.world.advance(int(body["step"]), body.get("faults", {}))
            self.reply(200, b"{}")
        else:
            self.answer("not_found")

    def do_GET(self):
        path, _, query = self.path.partition("?")
        if path == "/_world":
            self.reply(200, json.dumps(self.world.snapshot()).encode())
        elif path == "/_stats":
            with self.world.lock:
                self.reply(200, json.dumps(self.world.stats).encode())
        elif path.startswith("/pages/"):
            self.serve_page(unquote(path[len("/pages/"):]))
        elif path.startswith("/_avatars/"):
            self.world.count("avatar")
            self.serve(png(path), "image/png")
        else:
            self.api(path, query)

    def api(self, path, query):
        kind, rng = self.world.fault()
        if kind:
            self.world.count(kind)
            return self.fail(kind, rng)
        if m := REPOS_RE.match(path):
            repo, moved = self.world.find(f"{m.group(1)}/{m.group(2)}")
            if repo is not None and moved and not repo.deleted:
                self.world.count("301")
                suffix = (m.group(3) or "") + (f"?{query}" if query else "")
                return self.reply(301, b'{"message":"Moved Permanently"}',
                                  {"Location": f"{self.base}/repositories/{repo.id}{suffix}"})
            return self.document(repo, bool(m.group(3)), path, query)
        if m := IDS_RE.match(path):
            return self.document(self.world.by_id(int(m.group(1))), bool(m.group(2)), path, query)
        self.world.count("404")
        self.answer("not_found")

    def document(self, repo, contributors, path, query):
        if repo is None or repo.deleted:
            self.world.count("404")
            return self.answer("not_found")
        self.world.count("contributors" if contributors else "repository")
        if not contributors:
            return self.serve(json.dumps(repo.document(self.base)).encode(), "application/json; charset=utf-8")
        # Paged as GitHub pages it (per_page 30 by default, 100 at most): a repository's contributors grow
        # for two years, an answer never beyond one page.
        asked = parse_qs(query)
        per_page = min(100, max(1, int((asked.get("per_page") or ["30"])[0])))
        page = max(1, int((asked.get("page") or ["1"])[0]))
        people = repo.contributors(self.base)
        headers = {}
        if len(people) > page * per_page:
            headers["Link"] = f'<{self.base}{path}?per_page={per_page}&page={page + 1}>; rel="next"'
        chunk = people[(page - 1) * per_page:page * per_page]
        self.serve(json.dumps(chunk).encode(), "application/json; charset=utf-8", headers)

    def fail(self, kind, rng):
        if kind == "error5xx":
            return self.answer("server_error", status=rng.choice([500, 502, 503, 504]))
        if kind == "timeout":
            # Longer than the driver's --timeout: the build gives up on this answer and retries.
            time.sleep(self.world.faults.get("hold", 3.0))
            return self.answer("server_error")
        if kind == "primary":
            return self.answer("primary_limit", **github.quota_headers(5000, 0, time.time() + 3_600, used=5000))
        # GitHub says 403 or 429 for the secondary limit, with the same body.
        return self.answer("secondary_limit", status=rng.choice([403, 429]), retry_after="1")

    def serve_page(self, relative):
        root = os.path.realpath(self.pages)
        target = os.path.realpath(os.path.join(root, relative))
        if not target.startswith(root + os.sep) or not os.path.isfile(target):
            return self.reply(404, b"not found", content_type="text/plain")
        with open(target, "rb") as f:
            self.reply(200, f.read())

    def serve(self, body, content_type, extra=None):
        etag = github.etag(body)
        headers = {"ETag": etag, "x-ratelimit-remaining": "4999", "x-ratelimit-limit": "5000", **(extra or {})}
        if github.not_modified(self.headers.get("If-None-Match"), etag):
            self.world.count("304")
            self.send_response_only(304)
            for k, v in headers.items():
                self.send_header(k, v)
            self.end_headers()
            return
        self.reply(200, body, headers, content_type)

    def answer(self, kind, status=None, **headers):
        """GitHub's recorded answer of `kind` (github_behaviour), at another `status` when given."""
        recorded, fields, body = github.answer(kind, **headers)
        content_type = fields.pop("content-type")
        self.reply(status or recorded, body, fields, content_type=content_type)

    def reply(self, status, body, headers=None, content_type="application/json; charset=utf-8"):
        self.send_response_only(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repos", type=int, default=50)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--pages", required=True, help="the deployed site, served under /pages/")
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--max-lifetime", type=float, default=7_200)
    args = ap.parse_args()
    ThreadingHTTPServer.daemon_threads = True
    ThreadingHTTPServer.request_queue_size = 128
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    port = server.server_address[1]
    Handler.world = World(args.repos, args.seed)
    Handler.pages = args.pages
    Handler.base = f"http://127.0.0.1:{port}"
    timer = threading.Timer(args.max_lifetime, lambda: os._exit(0))
    timer.daemon = True
    timer.start()
    print(f"PORT {port}", flush=True)
    server.serve_forever(poll_interval=0.2)


if __name__ == "__main__":
    sys.exit(main())
