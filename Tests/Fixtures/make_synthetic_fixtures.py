#!/usr/bin/env python3
"""Regenerates the synthetic fixtures in github/ from the real recordings in github/recorded/
(or $REPOWATCH_FIXTURES). See github/README.md.

    python3 Tests/Fixtures/make_synthetic_fixtures.py
"""
import copy
import hashlib
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
REAL = os.environ.get("REPOWATCH_FIXTURES") or os.path.join(HERE, "github", "recorded")
OUT = os.path.join(HERE, "github")

HOSTILE_DESCRIPTION = "<script>alert(\"x\")</script> & \"quotes\" 'apos' <img src=x onerror=alert(1)>"
HOSTILE_LOGIN = "\"><img src=x onerror=alert(1)>"


def load(name):
    with open(os.path.join(REAL, name), encoding="utf-8") as f:
        return json.load(f)


def save(name, value):
    with open(os.path.join(OUT, name), "w", encoding="utf-8") as f:
        json.dump(value, f, ensure_ascii=False, indent=2)
        f.write("\n")


def bot(template, login, ident, app, contributions):
    """A contributor entry shaped like `template`, for a GitHub App's bot account."""
    b = copy.deepcopy(template)
    b.update({
        "login": login,
        "id": ident,
        "avatar_url": f"https://avatars.githubusercontent.com/in/{app}?v=4",
        "gravatar_id": "",
        "url": f"https://api.github.com/users/{login.replace('[', '%5B').replace(']', '%5D')}",
        "html_url": f"https://github.com/apps/{login[:-5]}",
        "type": "Bot",
        "site_admin": False,
        "contributions": contributions,
    })
    for key in ("followers_url", "following_url", "gists_url", "starred_url", "subscriptions_url",
                "organizations_url", "repos_url", "events_url", "received_events_url"):
        if key in b:
            old_login = template["login"]
            b[key] = b[key].replace(f"/users/{old_login}", "/users/" + login.replace("[", "%5B").replace("]", "%5D"))
    return b


def main():
    os.makedirs(OUT, exist_ok=True)

    # 1. Bots (and an anonymous entry) among the first entries of a real contributor list.
    people = load("contributors-sigmavirus24-github3.py.json")
    anon_template = next(c for c in load("contributors-sferik-rails_admin-anon.json")
                         if c.get("type") == "Anonymous")
    entries = list(people)
    entries.insert(0, bot(people[0], "dependabot[bot]", 49699333, 29110, 3000))
    entries.insert(2, bot(people[0], "github-actions[bot]", 41898282, 15368, 500))
    anon = dict(anon_template)
    anon["contributions"] = 100
    entries.insert(4, anon)
    save("contributors-bots-sigmavirus24-github3.py.json", entries)

    # 2. A repository with hostile strings.
    repo = load("repos-get-demoorg-demo-repo-2.json")
    repo["description"] = HOSTILE_DESCRIPTION
    repo["html_url"] = "javascript:alert(1)"
    save("repos-get-hostile-demoorg-demo-repo-2.json", repo)

    # 3. A contributor list with a hostile login whose avatar is served as a 404.
    contributors = load("openapi-contributors-example.json")
    contributors[0]["login"] = HOSTILE_LOGIN
    contributors[0]["avatar_url"] = "https://avatars.githubusercontent.com/u/404404404?v=4"
    save("contributors-hostile-login.json", contributors)

    # 4. The 403 body GitHub sends for repositories too large to list contributors.
    save("contributors-403-too-large.json", {
        "message": "The history or contributor list is too large to list contributors for this "
                   "repository via the API.",
        "documentation_url": "https://docs.github.com/rest/repos/repos#list-repository-contributors",
    })

    # 5. The recorded rename (301) as the other redirects GitHub's clients follow: same request,
    #    status line and message of the kind, Location kept (tests point it elsewhere per case).
    moved = load("interaction-repos-get-301-kennethreitz-requests.json")
    for status, reason in ((302, "Found"), (307, "Temporary Redirect"), (308, "Permanent Redirect")):
        r = copy.deepcopy(moved)
        r["status"] = status
        r["headers"]["status"] = f"{status} {reason}"
        r["body"]["message"] = reason
        save(f"interaction-repos-get-{status}-kennethreitz-requests.json", r)

    # 6. Owner listings (`owners:`), in the shape of the real list item of an archived repository.
    for name, value in owner_listings().items():
        save(name, value)

    # 7. Private repositories (`private:`), marked as GitHub marks them: `"private": true` and
    #    `"visibility": "private"` (as in the real recording of BeaverSoftware/test1).
    for name, value in private_repositories().items():
        save(name, value)


def listed(template, owner, name, stars, topics=(), fork=False, archived=False, pushed="2026-11-01T10:00:00Z"):
    """A list item shaped like the real `template`, renamed to owner/name with the given facts."""
    item = json.loads(json.dumps(template).replace(f"{template['full_name']}", f"{owner['login']}/{name}"))
    item.update({
        "name": name, "full_name": f"{owner['login']}/{name}", "owner": owner, "fork": fork,
        "archived": archived, "stargazers_count": stars, "watchers_count": stars, "watchers": stars,
        "topics": list(topics), "description": f"{name}, listed for the owners tests", "pushed_at": pushed,
        "has_issues": True, "homepage": None,
    })
    item["id"] = int(hashlib.sha256(item["full_name"].encode()).hexdigest()[:7], 16)
    return item


def owner_listings():
    real = load("repo-list-item-archived-YorickPeterse-ruby-lint.json")
    user = real["owner"]
    org = dict(user, login="fixture-org", id=424242, type="Organization",
               avatar_url="https://avatars.githubusercontent.com/u/424242?v=4",
               html_url="https://github.com/fixture-org")
    for key, value in list(org.items()):
        if isinstance(value, str):
            org[key] = value.replace("/users/YorickPeterse", "/orgs/fixture-org")
    org["html_url"] = "https://github.com/fixture-org"
    org_repos = [
        listed(real, org, "swift-thing", 50, topics=["Swift", "ios"], archived=True),
        listed(real, org, "swift-fork", 40, topics=["swift"], fork=True),
        listed(real, org, "kotlin-thing", 900, topics=["kotlin"]),
        listed(real, org, "swift-old", 10, topics=["swift"], pushed="2020-01-01T00:00:00Z"),
    ]
    return {
        # A list item is also a repository document: for the same repository saved in `repos:`.
        "repos-get-fixture-org-swift-fork.json": org_repos[1],
        "owner-user-YorickPeterse.json": user,
        "owner-user-fixture-org.json": org,
        # Page 1 keeps the real archived item (dropped by default) beside a fork (dropped too).
        "owner-repos-YorickPeterse-page1.json": [
            real,
            listed(real, user, "oga", 1100, topics=["ruby", "xml"]),
            listed(real, user, "ruby-ll", 60, fork=True),
        ],
        "owner-repos-YorickPeterse-page2.json": [
            listed(real, user, "inko", 800, topics=["programming-language"]),
            listed(real, user, "excluded-one", 500),
        ],
        # Equal stars: ordered by full name, case-insensitively (Tie-A before tie-b).
        "owner-repos-YorickPeterse-page3.json": [
            listed(real, user, "tie-b", 100),
            listed(real, user, "zero-stars", 0),
            listed(real, user, "Tie-A", 100),
        ],
        "owner-repos-fixture-org.json": org_repos,
    }


def made_private(item):
    item = copy.deepcopy(item)
    item.update({"private": True, "visibility": "private"})
    return item


def private_repositories():
    real = load("repo-list-item-archived-YorickPeterse-ruby-lint.json")
    user = real["owner"]
    org = owner_listings()["owner-user-fixture-org.json"]
    org_repos = owner_listings()["owner-repos-fixture-org.json"]
    someone = dict(user, login="someone-else", id=5150515)
    for key, value in list(someone.items()):
        if isinstance(value, str):
            someone[key] = value.replace("YorickPeterse", "someone-else")
    secret_plans = made_private(listed(real, org, "secret-plans", 5000, topics=["swift"]))
    return {
        # octocat/Hello-World as recorded, after its owner made it private.
        "repos-get-private-octocat-Hello-World.json": made_private(load("repos-get-octocat-Hello-World.json")),
        # `GET /orgs/fixture-org/repos?type=all`: the public list and a private repository with the most stars.
        "owner-repos-fixture-org-all.json": org_repos + [secret_plans],
        # Its list item as its repository document: what a widget naming it is answered.
        "repos-get-private-fixture-org-secret-plans.json": secret_plans,
        # `GET /user/repos?affiliation=owner&visibility=all` with YorickPeterse's own token.
        "owner-repos-YorickPeterse-own.json": [
            listed(real, user, "oga", 1100, topics=["ruby", "xml"]),
            made_private(listed(real, user, "diary", 2000)),
            listed(real, user, "inko", 800, topics=["programming-language"]),
        ],
        # `GET /user` with somebody else's token.
        "user-someone-else.json": someone,
        # Where a renamed repository's redirect leads: a private repository with another owner and name.
        "repos-get-private-hidden-owner-hidden-thing.json": renamed_into_private(),
        # BeaverSoftware/test1 as recorded, with a description to look for in every file a build keeps.
        "repos-get-private-BeaverSoftware-test1-described.json": dict(
            load("repos-get-BeaverSoftware-test1.json"), description="beaver-dam-blueprints: not for anyone's eyes"),
    }


def renamed_into_private():
    item = json.loads(json.dumps(load("repos-get-BeaverSoftware-test1.json"))
                      .replace("BeaverSoftware/test1", "hidden-owner/hidden-thing")
                      .replace("BeaverSoftware", "hidden-owner"))
    item.update({"name": "hidden-thing", "id": 424243, "description": "hidden-thing-notes: private plans"})
    item["owner"]["id"] = 424244
    return item


if __name__ == "__main__":
    main()
