extension RepoRecords {
    /// `data/repos.schema.json`: the JSON Schema (draft 2020-12) of `data/repos.json`. Every key is
    /// always present (null where unknown) and no other is allowed, so a script can rely on the shape.
    package static let schema = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "repos.schema.json",
          "title": "repowatch-site data/repos.json",
          "description": "Every repository the site publishes, in the site's order, as of generated_at.",
          "type": "object",
          "required": ["schema", "generated_at", "sample", "repos"],
          "additionalProperties": false,
          "properties": {
            "schema": { "const": 1, "description": "Raised when a field changes meaning or goes away; new fields do not raise it." },
            "generated_at": { "$ref": "#/$defs/time", "description": "When the build took its snapshot." },
            "sample": { "type": "boolean", "description": "True when the numbers are made-up sample data (build --sample)." },
            "repos": { "type": "array", "items": { "$ref": "#/$defs/repo" } }
          },
          "$defs": {
            "time": { "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$" },
            "count": { "type": ["integer", "null"], "minimum": 0 },
            "repo": {
              "type": "object",
              "additionalProperties": false,
              "required": ["name", "config_name", "html_url", "page", "source", "state", "description", "stars", "forks",
                "open_issues", "open_pulls", "open_issues_include_pulls", "has_issues", "archived", "pushed_at",
                "days_since_push", "release", "language", "topics", "contributors", "fetched_at", "error"],
              "properties": {
                "name": { "type": "string", "description": "owner/name as GitHub reports it (site.yml's name when never fetched)." },
                "config_name": { "type": "string", "description": "owner/name as site.yml lists it." },
                "html_url": { "type": ["string", "null"], "pattern": "^https?://", "description": "The repository on GitHub." },
                "page": { "type": ["string", "null"], "description": "The repository's page relative to the site's root; null for a card alone (outputs: card)." },
                "source": { "type": "string", "pattern": "^(repos|owner:.+)$", "description": "repos, or owner:NAME for an owners: entry." },
                "state": { "enum": ["fresh", "stale", "unavailable", "pending", "sample"] },
                "description": { "type": ["string", "null"] },
                "stars": { "$ref": "#/$defs/count" },
                "forks": { "$ref": "#/$defs/count" },
                "open_issues": { "$ref": "#/$defs/count", "description": "Open issues only, or issues and pull requests together when open_issues_include_pulls." },
                "open_pulls": { "$ref": "#/$defs/count" },
                "open_issues_include_pulls": { "type": "boolean" },
                "has_issues": { "type": ["boolean", "null"] },
                "archived": { "type": ["boolean", "null"] },
                "pushed_at": { "oneOf": [{ "$ref": "#/$defs/time" }, { "type": "null" }] },
                "days_since_push": { "$ref": "#/$defs/count" },
                "release": {
                  "oneOf": [
                    { "type": "null" },
                    {
                      "type": "object", "additionalProperties": false, "required": ["tag", "published_at"],
                      "properties": {
                        "tag": { "type": "string" },
                        "published_at": { "oneOf": [{ "$ref": "#/$defs/time" }, { "type": "null" }] }
                      }
                    }
                  ]
                },
                "language": {
                  "oneOf": [
                    { "type": "null" },
                    {
                      "type": "object", "additionalProperties": false, "required": ["name", "color"],
                      "properties": {
                        "name": { "type": "string" },
                        "color": { "type": ["string", "null"], "pattern": "^#[0-9A-F]{6}$" }
                      }
                    }
                  ]
                },
                "topics": { "type": "array", "items": { "type": "string" } },
                "contributors": {
                  "type": "array", "description": "The top contributors, most contributions first.",
                  "items": {
                    "type": "object", "additionalProperties": false, "required": ["login", "contributions"],
                    "properties": { "login": { "type": "string" }, "contributions": { "type": "integer", "minimum": 0 } }
                  }
                },
                "fetched_at": { "oneOf": [{ "$ref": "#/$defs/time" }, { "type": "null" }] },
                "error": { "type": ["string", "null"] }
              }
            }
          }
        }

        """#

    /// The schema of a site that lists a project on another forge (`data/repos.json` schema 2):
    /// `forge` and `host` on every entry, and `name`, for another forge, the site.yml name.
    static let schemaWithForges =
        schema
        .replacingOccurrences(of: #""schema": { "const": 1,"#, with: #""schema": { "const": 2,"#)
        .replacingOccurrences(
            of: #""required": ["name", "config_name","#, with: #""required": ["name", "forge", "host", "config_name","#
        )
        .replacingOccurrences(of: nameLine, with: forgeLines)

    private static let nameLine =
        #""name": { "type": "string", "description": "owner/name as GitHub reports it "#
        + #"(site.yml's name when never fetched)." },"#

    private static let forgeLines =
        #""name": { "type": "string", "description": "GitHub: owner/name as GitHub reports it (site.yml's "#
        + #"name when never fetched); another forge: the site.yml name, HOST/PATH." },"#
        + "\n                "
        + #""forge": { "enum": ["github", "gitlab", "gitea", "forgejo"], "description": "The forge it lives on." },"#
        + "\n                "
        + #""host": { "type": "string", "description": "The forge's host: github.com, gitlab.com, …" },"#
}
