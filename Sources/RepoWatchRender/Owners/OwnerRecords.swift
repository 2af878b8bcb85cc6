import Foundation
import RepoWatchModel
import RepoWatchSupport

/// `data/owners.json`: each owner card's numbers and languages, in `owners:` order, every key always
/// present (null where the card does not know), and `data/owners.schema.json`, its JSON Schema.
struct OwnerRecords {
    let cards: [OwnerCard]
    let generatedAt: Date
    var sample = false

    func json() -> Data {
        var out = JSONText()
        out.raw("{")
        out.key("schema", first: true)
        out.number(1)
        out.key("generated_at")
        out.string(ISO8601.string(generatedAt))
        out.key("sample")
        out.bool(sample)
        out.key("owners")
        out.raw("[")
        for (index, card) in cards.enumerated() {
            if index > 0 { out.raw(",") }
            owner(card, into: &out)
        }
        out.raw("]}\n")
        return Data(out.text.utf8)
    }

    private func owner(_ card: OwnerCard, into out: inout JSONText) {
        out.raw("\n  {")
        out.key("login", first: true)
        out.string(card.login)
        out.key("owner")
        out.string(card.owner)
        out.key("kind")
        out.string(card.kind.rawValue)
        out.key("forge")
        out.string((card.forge ?? .github).rawValue)
        out.key("host")
        out.string(OwnerSource(owner: card.owner).host ?? "github.com")
        out.key("name")
        out.string(card.name)
        out.key("html_url")
        out.string(SafeURL.http(card.htmlURL))
        out.key("page")
        out.string(SiteLayout.ownerFolder(card.owner))
        out.key("state")
        out.string(
            card.stale ? DataState.stale.rawValue : sample ? DataState.sample.rawValue : DataState.fresh.rawValue)
        out.key("fetched_at")
        out.string(ISO8601.string(card.fetchedAt))
        out.key("counts_forks")
        out.bool(card.countsForks)
        out.key("counts_archived")
        out.bool(card.countsArchived)
        out.key("repos")
        out.number(card.repos)
        out.key("stars")
        out.number(card.stars)
        out.key("forks")
        out.number(card.forks)
        out.key("followers")
        out.number(card.followers)
        out.key("contributions")
        Self.contributions(card.contributions, into: &out)
        out.key("languages_by")
        out.string(card.languagesBy.rawValue)
        out.key("languages")
        Self.languages(card.languages, into: &out)
        out.raw("}")
    }

    private static func contributions(_ contributions: OwnerContributions?, into out: inout JSONText) {
        if let contributions {
            out.raw("{")
            out.key("commits", first: true)
            out.number(contributions.commits)
            out.key("pull_requests")
            out.number(contributions.pullRequests)
            out.key("issues")
            out.number(contributions.issues)
            out.key("reviews")
            out.number(contributions.reviews)
            out.key("repositories")
            out.number(contributions.repositories)
            out.raw("}")
        } else {
            out.raw("null")
        }
    }

    private static func languages(_ languages: [LanguageShare], into out: inout JSONText) {
        out.raw("[")
        for (index, share) in languages.enumerated() {
            if index > 0 { out.raw(",") }
            out.raw("{")
            out.key("name", first: true)
            out.string(share.name)
            out.key("share")
            out.raw(Sparkline.number(share.share))
            out.key("color")
            out.string(share.color)
            out.raw("}")
        }
        out.raw("]")
    }

    /// The JSON Schema (draft 2020-12) of `data/owners.json`.
    static let schema = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "owners.schema.json",
          "title": "repowatch-site data/owners.json",
          "description": "Each owners: entry's card numbers. Counted: the owner's public repositories as its forge lists them, with the entry's forks: and archived: choices (both left out by default), not its topics, min_stars, exclude or limit; private repositories never.",
          "type": "object",
          "required": ["schema", "generated_at", "sample", "owners"],
          "additionalProperties": false,
          "properties": {
            "schema": { "const": 1, "description": "Raised when a field changes meaning or goes away; new fields do not raise it." },
            "generated_at": { "$ref": "#/$defs/time" },
            "sample": { "type": "boolean", "description": "True when the numbers are made-up sample data (build --sample)." },
            "owners": { "type": "array", "items": { "$ref": "#/$defs/owner" } }
          },
          "$defs": {
            "time": { "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$" },
            "count": { "type": "integer", "minimum": 0 },
            "owner": {
              "type": "object",
              "additionalProperties": false,
              "required": ["login", "owner", "kind", "forge", "host", "name", "html_url", "page", "state", "fetched_at", "counts_forks",
                "counts_archived", "repos", "stars", "forks", "followers", "contributions", "languages_by", "languages"],
              "properties": {
                "login": { "type": "string", "description": "The login on its forge now (HOST/PATH on another forge than GitHub)." },
                "owner": { "type": "string", "description": "The owner as site.yml writes it." },
                "kind": { "enum": ["user", "organization"], "description": "organization: also a GitLab group." },
                "forge": { "enum": ["github", "gitlab", "gitea", "forgejo"], "description": "The forge the owner is on." },
                "host": { "type": "string", "description": "Its host: github.com, gitlab.com, codeberg.org, a declared one." },
                "name": { "type": ["string", "null"], "description": "The profile's display name." },
                "html_url": { "type": ["string", "null"], "pattern": "^https?://" },
                "page": { "type": "string", "description": "The owner's folder relative to the site's root." },
                "state": { "enum": ["fresh", "stale", "sample"], "description": "stale: the last good numbers, as of fetched_at." },
                "fetched_at": { "$ref": "#/$defs/time" },
                "counts_forks": { "type": "boolean" },
                "counts_archived": { "type": "boolean" },
                "repos": { "$ref": "#/$defs/count", "description": "Repositories counted." },
                "stars": { "$ref": "#/$defs/count", "description": "Their stars, summed." },
                "forks": { "$ref": "#/$defs/count", "description": "Their forks, summed." },
                "followers": { "type": ["integer", "null"], "minimum": 0, "description": "A user's followers; null for an organization and where the forge counts none (GitLab)." },
                "contributions": {
                  "description": "A user's public contributions of the last year (GraphQL contributionsCollection); null without a token, for an organization and on another forge than GitHub.",
                  "oneOf": [
                    { "type": "null" },
                    {
                      "type": "object",
                      "additionalProperties": false,
                      "required": ["commits", "pull_requests", "issues", "reviews", "repositories"],
                      "properties": {
                        "commits": { "$ref": "#/$defs/count" },
                        "pull_requests": { "$ref": "#/$defs/count" },
                        "issues": { "$ref": "#/$defs/count" },
                        "reviews": { "$ref": "#/$defs/count" },
                        "repositories": { "$ref": "#/$defs/count", "description": "Repositories recently contributed to." }
                      }
                    }
                  ]
                },
                "languages_by": { "enum": ["size", "repositories"], "description": "size: bytes of code (GraphQL, with a token); repositories: each repository's primary language counted once." },
                "languages": {
                  "type": "array",
                  "maxItems": 7,
                  "description": "The first six languages and Other (color null), shares in percent adding up to 100.",
                  "items": {
                    "type": "object",
                    "additionalProperties": false,
                    "required": ["name", "share", "color"],
                    "properties": {
                      "name": { "type": "string" },
                      "share": { "type": "number", "minimum": 0, "maximum": 100 },
                      "color": { "type": ["string", "null"], "pattern": "^#[0-9A-Fa-f]{6}$" }
                    }
                  }
                }
              }
            }
          }
        }

        """#
}
