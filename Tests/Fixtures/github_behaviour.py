"""How GitHub answers, described once for every fake GitHub in this repository (Python 3 stdlib only).

The fixture server of the end-to-end tests (`fixture_server.py`), and the benchmarks' synthetic and
scripted servers (`Benchmarks/synthetic_server.py`, `Benchmarks/years/scripted_github.py`), import
this module; the last-good matrix's in-process world (`FaultKinds.swift`) reads the same
`github/behaviour.json`. The faults' answers are recorded ones (`github/recorded/`, with where each
came from): their status, the headers GitHub's clients read, and their body. Each fake keeps what is
its own (routes, a world that drifts, limits counted against a scaled minute) and asks here for how
GitHub words and shapes its answers.
"""

import hashlib
import json
import os
import re
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "github", "behaviour.json"), encoding="utf-8") as _file:
    BEHAVIOUR = json.load(_file)

# `ALIAS: repository(owner: $o, name: $n)` (variables or string literals), as the build's queries ask.
REPOSITORY_FIELD_RE = re.compile(
    r"(\w+)\s*:\s*repository\(\s*owner:\s*(\$\w+|\"[^\"]*\")\s*,\s*name:\s*(\$\w+|\"[^\"]*\")\s*\)")
USER_FIELD_RE = re.compile(r"(\w+)\s*:\s*user\(\s*login:\s*(\$\w+|\"[^\"]*\")\s*\)")


def _recorded(name):
    with open(os.path.join(HERE, "github", name), encoding="utf-8") as f:
        return json.load(f)


def _answer(kind):
    spec = BEHAVIOUR["answers"][kind]
    recorded = _recorded(spec["status_from"])
    headers_from = _recorded(spec["headers_from"]) if "headers_from" in spec else recorded
    kept = set(BEHAVIOUR["kept_headers"])
    headers = {k.lower(): str(v) for k, v in (headers_from.get("headers") or {}).items() if k.lower() in kept}
    headers.setdefault("content-type", "application/json; charset=utf-8")
    return recorded["status"], headers, recorded.get("body")


_ANSWERS = {kind: _answer(kind) for kind in BEHAVIOUR["answers"]}


def answer(kind, **headers):
    """GitHub's answer of `kind` (not_found, server_error, primary_limit, secondary_limit) as
    (status, headers, body bytes); keyword arguments replace headers (`retry_after="30"` is
    Retry-After, `x_ratelimit_reset=...` X-RateLimit-Reset)."""
    status, recorded, body = _ANSWERS[kind]
    out = dict(recorded)
    for name, value in headers.items():
        out[name.replace("_", "-")] = str(value)
    return status, out, json.dumps(body).encode("utf-8")


def answer_body(kind):
    """Only the body of GitHub's answer of `kind`, as a JSON value."""
    return _ANSWERS[kind][2]


def quota_headers(limit, remaining, reset, used=None, resource="core"):
    """The primary quota's headers on every API answer."""
    headers = {"x-ratelimit-limit": str(limit), "x-ratelimit-remaining": str(remaining),
               "x-ratelimit-reset": str(int(reset)), "x-ratelimit-resource": resource}
    if used is not None:
        headers["x-ratelimit-used"] = str(used)
    return headers


def etag(body, weak=False):
    tag = '"' + hashlib.sha1(body).hexdigest() + '"'
    return "W/" + tag if weak else tag


def not_modified(if_none_match, tag):
    """Whether a request's If-None-Match names `tag` (weak comparison, a list, or `*`): GitHub then
    answers 304 with no body."""
    if not if_none_match or not tag:
        return False
    candidates = [c.strip() for c in if_none_match.split(",")]

    def weak(t):
        return t[2:] if t.startswith("W/") else t
    return "*" in candidates or any(weak(c) == weak(tag) for c in candidates)


def link_header(page_url, page, last):
    """GitHub's Link header for page `page` of `last`; `page_url(n)` is page n's address."""
    links = []
    if page < last:
        links += [f'<{page_url(page + 1)}>; rel="next"', f'<{page_url(last)}>; rel="last"']
    if page > 1:
        links += [f'<{page_url(page - 1)}>; rel="prev"', f'<{page_url(1)}>; rel="first"']
    return ", ".join(links)


def graphql_not_found(alias, kind, name, line, column):
    """The `errors` entry GitHub gives for an alias whose repository (or user) does not exist; the
    alias itself answers null."""
    message = BEHAVIOUR["graphql_not_found"][kind].format(name=name)
    return {"type": "NOT_FOUND", "path": [alias], "locations": [{"line": line, "column": column}],
            "message": message}


def png(seed, size=8, text=True):
    """A small PNG of one colour derived from `seed` (an avatar): distinct bytes per seed."""
    digest = hashlib.sha256(seed.encode("utf-8")).digest()
    raw = (b"\x00" + bytes(digest[:3]) * size) * size

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    comment = chunk(b"tEXt", b"Comment\x00" + seed.encode("utf-8", "replace")[:200]) if text else b""
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + comment + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))
