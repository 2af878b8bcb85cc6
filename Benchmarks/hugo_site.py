"""A Hugo site that writes the same files as `repowatch-site build`, from the same data.

Per repository, one content page rendered in eleven output formats: the repository page
(index.html), the standalone medium and large widget pages, the four SVG widgets (medium and
large, light and dark, avatars inlined as base64 like ours), the page's Atom feed (feed.xml), its
history.csv and its history chart, light and dark (history.svg, history-dark.svg: the points of our
data/history.json); and a second page at the repository's
badges/ folder rendered in eighteen: the six badges (stars, forks, issues, pulls, days, release)
light and dark, and their shields.io endpoint JSON. The home page is rendered as the gallery, the
site's feed.xml, data/repos.json, data/repos.csv and insights/index.html (totals, the most starred,
releases, waking and quiet, languages, recent pushes); robots.txt. The gallery shows every widget in
both sizes, 60 to a page (30 repositories × 2 sizes), paginated into page/N/index.html. A 404
page. The files we copy rather than render (avatars, assets, data/snapshot.json, history.json and
repos.schema.json, .nojekyll) are Hugo's static files, copied from our output. Equal bytes are not
the aim; the same files and comparable template work are: escaping, number formatting, per-widget
markup, base64 images, relative links. `PER_REPO` and `SITE_WIDE` name the files each side writes;
benchmark.py checks that both sides' counts agree.
"""

import json
import os
import shutil

CONFIG = """title = "Benchmark"
baseURL = "https://example.org/"
relativeURLs = true
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "section"]
enableRobotsTXT = true
paginate = 30

[outputFormats.feed]
mediaType = "application/xml"
baseName = "feed"
isPlainText = true

[outputFormats.medium]
mediaType = "text/html"
baseName = "medium"
isHTML = true
[outputFormats.large]
mediaType = "text/html"
baseName = "large"
isHTML = true
[outputFormats.svgmedium]
mediaType = "image/svg+xml"
baseName = "medium"
[outputFormats.svgmediumdark]
mediaType = "image/svg+xml"
baseName = "medium-dark"
[outputFormats.svglarge]
mediaType = "image/svg+xml"
baseName = "large"
[outputFormats.svglargedark]
mediaType = "image/svg+xml"
baseName = "large-dark"

[mediaTypes."text/csv"]
suffixes = ["csv"]

[outputFormats.historysvg]
mediaType = "image/svg+xml"
baseName = "history"
isPlainText = true
[outputFormats.historysvgdark]
mediaType = "image/svg+xml"
baseName = "history-dark"
isPlainText = true
[outputFormats.historycsv]
mediaType = "text/csv"
baseName = "history"
isPlainText = true
[outputFormats.reposjson]
mediaType = "application/json"
baseName = "repos"
path = "data"
isPlainText = true
[outputFormats.reposcsv]
mediaType = "text/csv"
baseName = "repos"
path = "data"
isPlainText = true
[outputFormats.insights]
mediaType = "text/html"
baseName = "index"
path = "insights"
isHTML = true
BADGE_FORMATS
[outputs]
home = ["HTML", "feed", "reposjson", "reposcsv", "insights"]
page = ["HTML", "medium", "large", "svgmedium", "svgmediumdark", "svglarge", "svglargedark", "feed", "historycsv", "historysvg", "historysvgdark"]
"""

# The six badges of ours (Badge.Kind), each light, dark and as shields.io endpoint JSON: output
# formats of a second page per repository, at its badges/ folder.
BADGES = ["stars", "forks", "issues", "pulls", "days", "release"]
BADGE_OUTPUTS = [(f"badge{kind}{variant}", kind + suffix, media, variant)
                 for kind in BADGES
                 for variant, suffix, media in (("", "", "image/svg+xml"), ("dark", "-dark", "image/svg+xml"),
                                                ("json", "", "application/json"))]
CONFIG = CONFIG.replace("BADGE_FORMATS", "".join(
    f'[outputFormats.{name}]\nmediaType = "{media}"\nbaseName = "{base}"\nisPlainText = true\n'
    for name, base, media, _ in BADGE_OUTPUTS))

# The files each side writes per repository and once per site (beside the gallery's pages, the
# avatars and the assets). benchmark.py compares the two sides' counts, so a file ours adds to every
# repository and this site does not write fails the run instead of making the comparison unequal.
PER_REPO = (["index.html", "medium.html", "large.html", "medium.svg", "medium-dark.svg", "large.svg",
             "large-dark.svg", "feed.xml", "history.csv", "history.svg", "history-dark.svg"]
            + [f"badges/{base}.{'json' if media.endswith('json') else 'svg'}" for _, base, media, _ in BADGE_OUTPUTS])
SITE_WIDE = ["index.html", "404.html", "feed.xml", "robots.txt", ".nojekyll", "data/snapshot.json",
             "data/history.json", "data/repos.json", "data/repos.schema.json", "data/repos.csv",
             "insights/index.html"]

FEED = """<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>urn:uuid:ID</id>
  <title type="text">TITLE</title>
  <updated>{{ now.UTC.Format "2006-01-02T15:04:05Z" }}</updated>
  <author><name>{{ site.Title }}</name></author>
  <generator version="1.0.0">hugo</generator>
  <link rel="alternate" type="text/html" href="LINK"/>
</feed>
"""

STAR = '<path d="M8 1 9.88 6.01 15.23 6.25 11.04 9.59 12.47 14.75 8 11.8 3.53 14.75 4.96 9.59.77 6.25 6.12 6.01Z"'
FORK = ('<g fill="none" stroke-width="1.7" stroke-linecap="round"><circle cx="4" cy="3.2" r="1.8"/>'
        '<circle cx="12" cy="3.2" r="1.8"/><circle cx="8" cy="12.8" r="1.8"/>'
        '<path d="M4 5v1.3c0 1.2 1 2.2 2.2 2.2h3.6c1.2 0 2.2-1 2.2-2.2V5M8 8.5V11"/></g>')
ISSUE = '<g fill="none" stroke-width="1.7"><circle cx="8" cy="8" r="6.3"/><circle cx="8" cy="8" r="1.4"/></g>'

HEAD = """<!doctype html>
<html lang="en" data-appearance="auto">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .title }}</title>
<meta name="generator" content="hugo">
<link rel="stylesheet" href="{{ .root }}assets/style.css">
</head>
<body class="site">
<a class="skip" href="#main">Skip to content</a>
<header class="site-head"><a class="brand" href="{{ .root }}index.html">{{ site.Title }}</a></header>
<main id="main" class="wrap">
"""

FOOT = """</main>
<footer class="site-foot">
  <p>Generated <time datetime="{{ now.UTC.Format "2006-01-02T15:04:05Z" }}">{{ now.UTC.Format "2 Jan 2006, 15:04 UTC" }}</time></p>
  <p>Data from the GitHub API · Built with Hugo</p>
</footer>
</body>
</html>
"""

CARD = """{{ $p := .p }}<article class="rw rw--{{ .size }} rw--auto rw--full-color" data-widget="{{ .size }}" data-repo="{{ $p.config_name }}" data-state="{{ if $p.stale }}stale{{ else }}fresh{{ end }}">
  <div class="rw-card rw-card--{{ if $p.stale }}stale{{ else }}fresh{{ end }}">
    <div class="rw-card__main">
      <div class="rw-card__head">
        <img class="rw-avatar" src="{{ .root }}{{ $p.owner_avatar }}" alt="Avatar of {{ $p.owner }}" width="50" height="50" decoding="async">
        <div class="rw-card__title">
          <p class="rw-name" title="{{ $p.config_name }}">{{ $p.name }}</p>
          <p class="rw-sub"><bdi class="rw-desc" dir="auto">{{ $p.description }}</bdi></p>
        </div>
      </div>
      <div class="rw-stats">
        <span class="rw-stat" data-stat="stars" data-value="{{ $p.stars }}" role="img" aria-label="{{ lang.FormatNumberCustom 0 $p.stars }} stars"><svg class="rw-icon" viewBox="0 0 16 16" aria-hidden="true">STAR fill="currentColor"/></svg>{{ lang.FormatNumberCustom 0 $p.stars }}</span>
        <span class="rw-stat" data-stat="forks" data-value="{{ $p.forks }}" role="img" aria-label="{{ lang.FormatNumberCustom 0 $p.forks }} forks"><svg class="rw-icon" viewBox="0 0 16 16" aria-hidden="true">FORK</svg>{{ lang.FormatNumberCustom 0 $p.forks }}</span>
        {{ if $p.has_issues }}<span class="rw-stat" data-stat="issues" data-value="{{ $p.open_issues }}" role="img" aria-label="{{ lang.FormatNumberCustom 0 $p.open_issues }} open issues"><svg class="rw-icon" viewBox="0 0 16 16" aria-hidden="true">ISSUE</svg>{{ lang.FormatNumberCustom 0 $p.open_issues }}</span>{{ end }}
      </div>
    </div>
    <div class="rw-days rw-days--d{{ len (string $p.days_since_push) }}{{ if gt $p.days_since_push 50 }} rw-days--hot{{ end }}" data-stat="days" data-value="{{ $p.days_since_push }}" role="img" aria-label="Last pushed {{ $p.days_since_push }} days ago">
      <span class="rw-days__num">{{ $p.days_since_push }}</span>
      <span class="rw-days__caption">days ago</span>
    </div>
  </div>
{{ if eq .size "large" }}  <section class="rw-team">
    <p class="rw-team__title">Top Contributors</p>
    <ol class="rw-team__grid">
{{ range $p.contributors }}      <li class="rw-person" data-login="{{ .login }}" data-contributions="{{ .contributions }}">
        <img class="rw-person__avatar" src="{{ $.root }}{{ .avatar }}" alt="Avatar of {{ .login }}" width="44" height="44" decoding="async">
        <span class="rw-person__text">
          <span class="rw-person__login">{{ .login }}</span>
          <span class="rw-person__count" aria-hidden="true">{{ lang.FormatNumberCustom 0 .contributions }}</span>
          <span class="rw-sr">{{ .login }}: {{ lang.FormatNumberCustom 0 .contributions }} contributions</span>
        </span>
      </li>
{{ end }}    </ol>
  </section>
{{ end }}</article>
""".replace("STAR", STAR).replace("FORK", FORK).replace("ISSUE", ISSUE)

SVG = """{{ $p := .p }}{{ $large := eq .size "large" }}{{ $h := cond $large 345 155 }}{{ $fg := cond .dark "#f5f5f7" "#1c1c1e" }}{{ $m := cond .dark "#a1a1a8" "#636366" }}{{ $ring := cond .dark "#2e2e32" "#ececf0" }}<svg xmlns="http://www.w3.org/2000/svg" width="329" height="{{ $h }}" viewBox="0 0 329 {{ $h }}" role="img" aria-labelledby="rw-title" data-widget="{{ .size }}" data-repo="{{ $p.config_name }}" data-state="{{ if $p.stale }}stale{{ else }}fresh{{ end }}"><title id="rw-title">{{ $p.config_name }}, {{ lang.FormatNumberCustom 0 $p.stars }} stars, {{ lang.FormatNumberCustom 0 $p.forks }} forks, Last pushed {{ $p.days_since_push }} days ago</title><style>text{font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif}.b{font-weight:700}.s{font-weight:600}.t{font-variant-numeric:tabular-nums}</style><rect width="329" height="{{ $h }}" rx="22" fill="{{ cond .dark "#1c1c1e" "#fff" }}"/><circle cx="41" cy="63.5" r="25" fill="{{ $ring }}"/><clipPath id="rw-a1"><circle cx="41" cy="63.5" r="25"/></clipPath><image x="16" y="38.5" width="50" height="50" preserveAspectRatio="xMidYMid slice" clip-path="url(#rw-a1)" href="data:image/png;base64,{{ partialCached "base64.html" $p.owner_avatar $p.owner_avatar }}"/><clipPath id="rw-c2"><rect x="76" y="0" width="148.3" height="155"/></clipPath><g clip-path="url(#rw-c2)"><text x="76" y="60" font-size="20" class="b" fill="{{ $fg }}">{{ $p.name }}</text><text x="76" y="81" font-size="12" fill="{{ $m }}">{{ $p.description }}</text></g><g transform="translate(16 102) scale(0.8)">STAR fill="{{ $m }}" stroke="{{ $m }}" stroke-width="1.2"/></g><text x="33" y="113" font-size="13" class="s t" fill="{{ $m }}">{{ lang.FormatNumberCustom 0 $p.stars }}</text><g transform="translate(53 102) scale(0.8)" stroke="{{ $m }}">FORK</g><text x="70" y="113" font-size="13" class="s t" fill="{{ $m }}">{{ lang.FormatNumberCustom 0 $p.forks }}</text>{{ if $p.has_issues }}<g transform="translate(105 102) scale(0.8)" stroke="{{ $m }}">ISSUE</g><text x="122" y="113" font-size="13" class="s t" fill="{{ $m }}">{{ lang.FormatNumberCustom 0 $p.open_issues }}</text>{{ end }}<clipPath id="rw-c3"><rect x="234.3" y="0" width="78.7" height="155"/></clipPath><g clip-path="url(#rw-c3)"><text x="313" y="87.2" font-size="64" class="b t" fill="{{ if gt $p.days_since_push 50 }}{{ cond .dark "#ff4f8b" "#d1155c" }}{{ else }}{{ $fg }}{{ end }}" text-anchor="end">{{ $p.days_since_push }}</text><text x="313" y="116" font-size="12" class="s" fill="{{ $m }}" text-anchor="end">days ago</text></g>{{ if $large }}<text x="16" y="167.5" font-size="13" class="b" fill="{{ $m }}">Top Contributors</text>{{ range $i, $c := first 4 $p.contributors }}{{ $x := cond (eq (mod $i 2) 1) 192.5 38 }}{{ $y := add 211.3 (mul (div $i 2) 72) }}<circle cx="{{ $x }}" cy="{{ $y }}" r="22" fill="{{ $ring }}"/><clipPath id="rw-a{{ add 4 (mul $i 2) }}"><circle cx="{{ $x }}" cy="{{ $y }}" r="22"/></clipPath><image x="{{ sub $x 22 }}" y="{{ sub $y 22 }}" width="44" height="44" preserveAspectRatio="xMidYMid slice" clip-path="url(#rw-a{{ add 4 (mul $i 2) }})" href="data:image/png;base64,{{ partialCached "base64.html" $c.avatar $c.avatar }}"/><g><text x="{{ add $x 32 }}" y="{{ sub $y 3 }}" font-size="14" class="s" fill="{{ $fg }}">{{ $c.login }}</text><text x="{{ add $x 32 }}" y="{{ add $y 13 }}" font-size="12" class="t" fill="{{ $m }}">{{ lang.FormatNumberCustom 0 $c.contributions }}</text></g>{{ end }}{{ end }}</svg>
""".replace("STAR", STAR).replace("FORK", FORK).replace("ISSUE", ISSUE)

STANDALONE = """<!doctype html>
<html lang="en" class="standalone" data-appearance="auto">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Params.config_name }} · SIZE</title>
<link rel="stylesheet" href="../../../assets/style.css">
</head>
<body>
{{ partial "card.html" (dict "p" .Params "size" "SIZE" "root" "../../../") }}
</body>
</html>
"""

SNIPPETS = """{{ $p := .Params }}<section class="embeds">
  <h2>Embed</h2>
{{ range $size := slice "medium" "large" }}{{ $h := cond (eq $size "large") 345 155 }}{{ $src := printf "%s%s.svg" $p.repo_path $size }}
  <h3 class="embeds__size">{{ $size }}</h3>
  <div class="snippet"><p class="snippet__what">Markdown image</p>
    <pre tabindex="0"><code id="embed-{{ $size }}-markdown">{{ printf "[![%s on RepoWatcher](%s)](%s)" $p.config_name $src $p.repo_path }}</code></pre></div>
  <div class="snippet"><p class="snippet__what">HTML, light and dark (<code>&lt;picture&gt;</code>)</p>
    <pre tabindex="0"><code id="embed-{{ $size }}-picture">{{ printf "<picture>\\n  <source media=\\"(prefers-color-scheme: dark)\\" srcset=\\"%s%s-dark.svg\\">\\n  <img src=\\"%s\\" alt=\\"%s on RepoWatcher\\" width=\\"329\\" height=\\"%d\\">\\n</picture>" $p.repo_path $size $src $p.config_name $h }}</code></pre></div>
  <div class="snippet"><p class="snippet__what">iframe of the live widget</p>
    <pre tabindex="0"><code id="embed-{{ $size }}-iframe">{{ printf "<iframe src=\\"%s%s.html\\" width=\\"329\\" height=\\"%d\\" style=\\"border:0\\" title=\\"%s on RepoWatcher\\" loading=\\"lazy\\"></iframe>" $p.repo_path $size $h $p.config_name }}</code></pre></div>
{{ end }}</section>
"""

LAYOUTS = {
    "partials/head.html": HEAD,
    "partials/foot.html": FOOT,
    "partials/card.html": CARD,
    "partials/svg.html": SVG,
    "partials/base64.html": '{{ return (readFile (printf "static/%s" .) | base64Encode) }}',
    "_default/single.html": '{{ partial "head.html" (dict "title" (printf "%s — %s" .Params.config_name site.Title) "root" "../../../") }}'
    + """<p class="crumb"><a href="../../../index.html">← All widgets</a></p>
<header class="repo-head"><img class="repo-head__avatar" src="../../../{{ .Params.owner_avatar }}" alt="Avatar of {{ .Params.owner }}" width="64" height="64">
<div class="repo-head__text"><h1 class="repo-head__name">{{ .Params.config_name }}</h1><p class="repo-head__desc" dir="auto">{{ .Params.description }}</p>
<p><a class="button" href="{{ .Params.html_url }}" rel="noopener">View on GitHub</a></p></div></header>
<section class="repo-widgets" aria-label="Widgets">
{{ range $size := slice "medium" "large" }}<figure class="showcase">{{ partial "card.html" (dict "p" $.Params "size" $size "root" "../../../") }}
<figcaption><span class="showcase__size">{{ $size }}</span> <a href="{{ $size }}.html">Standalone page</a></figcaption></figure>
{{ end }}</section>
""" + SNIPPETS + '<script src="../../../assets/copy.js" defer></script>\n{{ partial "foot.html" . }}',
    "_default/single.medium.html": STANDALONE.replace("SIZE", "medium"),
    "_default/single.large.html": STANDALONE.replace("SIZE", "large"),
    "_default/single.svgmedium.svg": '{{ partial "svg.html" (dict "p" .Params "size" "medium" "dark" false) }}',
    "_default/single.svgmediumdark.svg": '{{ partial "svg.html" (dict "p" .Params "size" "medium" "dark" true) }}',
    "_default/single.svglarge.svg": '{{ partial "svg.html" (dict "p" .Params "size" "large" "dark" false) }}',
    "_default/single.svglargedark.svg": '{{ partial "svg.html" (dict "p" .Params "size" "large" "dark" true) }}',
    "index.html": """{{ $pager := .Paginate (where site.RegularPages "Section" "repos") }}{{ $root := cond (eq $pager.PageNumber 1) "" "../../" }}"""
    + """{{ partial "head.html" (dict "title" site.Title "root" $root) }}<section class="intro"><h1 class="intro__title">{{ site.Title }}</h1></section>
<ul class="gallery">
{{ range $pager.Pages }}{{ $page := . }}{{ range $size := slice "medium" "large" }}  <li class="tile tile--{{ $size }}"><figure class="tile__figure">
{{ partial "card.html" (dict "p" $page.Params "size" $size "root" $root) }}
<figcaption class="tile__caption"><a href="{{ $root }}{{ $page.Params.repo_path }}">{{ $page.Params.config_name }} · {{ $size }}</a></figcaption></figure></li>
{{ end }}{{ end }}</ul>
<nav class="pager" aria-label="Pages">{{ if $pager.HasPrev }}<a class="pager__link" rel="prev" href="{{ $pager.Prev.URL }}">← Previous</a>{{ end }}
<span class="pager__where">Page {{ $pager.PageNumber }} of {{ $pager.TotalPages }}</span>
{{ if $pager.HasNext }}<a class="pager__link" rel="next" href="{{ $pager.Next.URL }}">Next →</a>{{ end }}</nav>
{{ partial "foot.html" . }}""",
    # Ours keeps the feed's entries in its cache; the benchmark's data has none yet, so each feed is
    # its head alone, as ours are.
    "_default/single.feed.xml": FEED.replace("TITLE", "{{ .Params.config_name }} — {{ site.Title }}")
    .replace("LINK", "../../../{{ .Params.repo_path }}").replace("ID", "{{ .Params.config_name | md5 }}"),
    "index.feed.xml": FEED.replace("TITLE", "{{ site.Title }}").replace("LINK", "./").replace("ID", "{{ site.Title | md5 }}"),
    "robots.txt": "User-agent: *\nAllow: /\n",
    "404.html": """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page not found · {{ site.Title }}</title></head>
<body><main><p class="code">404</p><h1>This page does not exist</h1><p><a href="/">All widgets</a></p></main></body></html>""",
}

# A badge's label, message and tone (ours: Badge.init(_:repo:strings:)), from a repository's params.
BADGE_INFO = """{{ $p := .p }}{{ $k := .kind }}{{ $label := $k }}{{ $message := "unknown" }}{{ $tone := "unknown" }}
{{ if eq $k "stars" }}{{ $message = partial "compact.html" $p.stars }}{{ $tone = "info" }}
{{ else if eq $k "forks" }}{{ $message = partial "compact.html" $p.forks }}{{ $tone = "info" }}
{{ else if eq $k "issues" }}{{ $label = cond $p.open_issues_include_pulls "issues and pulls" "issues" }}
  {{ if not $p.has_issues }}{{ $message = "disabled" }}{{ else }}{{ $message = partial "compact.html" $p.open_issues }}{{ $tone = cond (eq $p.open_issues 0) "good" "warning" }}{{ end }}
{{ else if eq $k "pulls" }}{{ if ne $p.open_pulls nil }}{{ $message = partial "compact.html" $p.open_pulls }}{{ $tone = cond (eq $p.open_pulls 0) "good" "info" }}{{ end }}
{{ else if eq $k "days" }}{{ $label = "last push" }}{{ $message = cond (eq $p.days_since_push 0) "today" (printf "%d days ago" (int $p.days_since_push)) }}{{ $tone = cond (gt $p.days_since_push 60) "quiet" "good" }}
{{ else }}{{ with $p.release }}{{ $message = .tag }}{{ $tone = "info" }}{{ else }}{{ $message = "none" }}{{ end }}{{ end }}
{{ return (dict "label" $label "message" $message "tone" $tone) }}"""

COMPACT = """{{ $n := float . }}{{ $text := string . }}{{ if ge $n 1000000 }}{{ $text = printf "%.1fM" (div $n 1000000) }}{{ else if ge $n 1000 }}{{ $text = printf "%.1fk" (div $n 1000) }}{{ end }}{{ return $text }}"""

BADGE_SVG = """{{ $b := .b }}{{ $fills := dict "good" (slice "#44CC11" "#238636") "info" (slice "#007EC6" "#1F6FEB") "warning" (slice "#DFB317" "#9E6A03") "quiet" (slice "#FF69B4" "#BF4B8A") "unknown" (slice "#9F9F9F" "#484F58") }}{{ $fill := index (index $fills $b.tone) (cond .dark 1 0) }}{{ $lw := add (mul (len $b.label) 7) 12 }}{{ $mw := add (mul (len $b.message) 7) 12 }}{{ $w := add $lw $mw }}{{ $title := printf "%s: %s" $b.label $b.message | htmlEscape }}{{ $l := $b.label | htmlEscape }}{{ $m := $b.message | htmlEscape }}<svg xmlns="http://www.w3.org/2000/svg" width="{{ $w }}" height="20" viewBox="0 0 {{ $w }} 20" role="img" aria-label="{{ $title }}"><title>{{ $title }}</title><linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient><clipPath id="r"><rect width="{{ $w }}" height="20" rx="3" fill="#fff"/></clipPath><g clip-path="url(#r)"><rect width="{{ $lw }}" height="20" fill="{{ cond .dark "#30363D" "#555555" }}"/><rect x="{{ $lw }}" width="{{ $mw }}" height="20" fill="{{ $fill }}"/><rect width="{{ $w }}" height="20" fill="url(#s)"/></g><g fill="{{ cond .dark "#F0F6FC" "#FFFFFF" }}" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" text-rendering="geometricPrecision" font-size="11"><text x="{{ div (float $lw) 2 }}" y="15" fill="#010101" fill-opacity=".3" aria-hidden="true">{{ $l }}</text><text x="{{ div (float $lw) 2 }}" y="14">{{ $l }}</text><text x="{{ add $lw (div (float $mw) 2) }}" y="15" fill="#010101" fill-opacity=".3" aria-hidden="true">{{ $m }}</text><text x="{{ add $lw (div (float $mw) 2) }}" y="14">{{ $m }}</text></g></svg>
"""

BADGE_JSON = """{{ $b := .b }}{"schemaVersion":1,"label":{{ $b.label | jsonify }},"message":{{ $b.message | jsonify }},"color":{{ index (dict "good" "brightgreen" "info" "blue" "warning" "yellow" "quiet" "ff69b4" "unknown" "lightgrey") $b.tone | jsonify }}}
"""

CELL = r"""{{ $v := string . }}{{ if findRE "[,\"\n\r]" $v }}{{ $v = printf "\"%s\"" (replace $v "\"" "\"\"") }}{{ end }}{{ return $v }}"""

HISTORY_CSV = """date,stars,forks,open_issues,open_pulls\r
{{ range .Params.history }}{{ $point := . }}{{ (time (int (index . 0))).UTC.Format "2006-01-02T15:04:05Z" }}{{ range slice 1 2 3 5 }},{{ with index $point . }}{{ . }}{{ else }}{{ if eq (index $point .) 0 }}0{{ end }}{{ end }}{{ end }}\r
{{ end }}"""

# history.svg and history-dark.svg (ours: HistoryChart through LineChart): the stars over time as a
# line, scaled to the points' range, with the first and last dates and the highest and lowest counts.
HISTORY_SVG = """{{ $points := .p.history }}{{ $fg := cond .dark "#f5f5f7" "#1c1c1e" }}{{ $muted := cond .dark "#a1a1a8" "#636366" }}{{ $line := cond .dark "#4c9aff" "#0a66d8" }}<svg xmlns="http://www.w3.org/2000/svg" width="480" height="200" viewBox="0 0 480 200" role="img" aria-labelledby="t" data-chart="history"><title id="t">{{ .p.config_name | htmlEscape }}: stars over time</title><rect width="480" height="200" rx="12" fill="{{ cond .dark "#1c1c1e" "#fff" }}"/>
{{ with $points }}{{ $t0 := index (index . 0) 0 }}{{ $t1 := index (index . (sub (len .) 1)) 0 }}{{ $lo := 0 }}{{ $hi := 0 }}{{ range $i, $point := . }}{{ $v := index $point 1 }}{{ if ne $v nil }}{{ if or (eq $i 0) (lt $v $lo) }}{{ $lo = $v }}{{ end }}{{ if gt $v $hi }}{{ $hi = $v }}{{ end }}{{ end }}{{ end }}{{ $span := cond (gt $t1 $t0) (sub $t1 $t0) 1 }}{{ $range := cond (gt $hi $lo) (sub $hi $lo) 1 }}<polyline fill="none" stroke="{{ $line }}" stroke-width="2" points="{{ range . }}{{ $v := index . 1 }}{{ if ne $v nil }}{{ add 48 (div (mul 400.0 (sub (index . 0) $t0)) $span) | lang.FormatNumberCustom 1 }},{{ sub 168 (div (mul 140.0 (sub $v $lo)) $range) | lang.FormatNumberCustom 1 }} {{ end }}{{ end }}"/>
<g font-family="-apple-system,Segoe UI,Roboto,sans-serif" font-size="11" fill="{{ $muted }}"><text x="44" y="32" text-anchor="end">{{ lang.FormatNumberCustom 0 $hi }}</text><text x="44" y="172" text-anchor="end">{{ lang.FormatNumberCustom 0 $lo }}</text><text x="48" y="190">{{ (time (int $t0)).UTC.Format "2 Jan 2006" }}</text><text x="448" y="190" text-anchor="end">{{ (time (int $t1)).UTC.Format "2 Jan 2006" }}</text></g>
{{ else }}<text x="240" y="104" text-anchor="middle" fill="{{ $fg }}">No history yet</text>{{ end }}</svg>
"""

REPOS_JSON = """{"schema":1,"generated_at":{{ now.UTC.Format "2006-01-02T15:04:05Z" | jsonify }},"sample":false,"repos":[
{{ range $i, $page := where site.RegularPages "Section" "repos" }}{{ if $i }},
{{ end }}{{ $r := $page.Params }}{"name":{{ $r.full_name | jsonify }},"config_name":{{ $r.config_name | jsonify }},"html_url":{{ $r.html_url | jsonify }},"page":{{ $r.repo_path | jsonify }},"source":{{ $r.source | jsonify }},"state":{{ cond $r.stale "stale" "fresh" | jsonify }},"description":{{ $r.description | jsonify }},"stars":{{ $r.stars | jsonify }},"forks":{{ $r.forks | jsonify }},"open_issues":{{ $r.open_issues | jsonify }},"open_pulls":{{ $r.open_pulls | jsonify }},"open_issues_include_pulls":{{ $r.open_issues_include_pulls | jsonify }},"has_issues":{{ $r.has_issues | jsonify }},"archived":{{ $r.archived | jsonify }},"pushed_at":{{ $r.pushed_at | jsonify }},"days_since_push":{{ $r.days_since_push | jsonify }},"release":{{ $r.release | jsonify }},"language":{{ $r.language | jsonify }},"topics":{{ $r.topics | jsonify }},"contributors":[{{ range $k, $c := $r.contributors }}{{ if $k }},{{ end }}{"login":{{ $c.login | jsonify }},"contributions":{{ $c.contributions | jsonify }}}{{ end }}],"fetched_at":{{ $r.fetched_at | jsonify }},"error":{{ $r.error | jsonify }}}{{ end }}
]}
"""

REPOS_CSV = """name,config_name,html_url,page,source,state,stars,forks,open_issues,open_pulls,open_issues_include_pulls,has_issues,archived,pushed_at,days_since_push,release_tag,release_published_at,language,language_color,topics,contributors,top_contributor,fetched_at,description\r
{{ range where site.RegularPages "Section" "repos" }}{{ $r := .Params }}{{ partial "cell.html" $r.full_name }},{{ partial "cell.html" $r.config_name }},{{ partial "cell.html" $r.html_url }},{{ $r.repo_path }},{{ partial "cell.html" $r.source }},{{ cond $r.stale "stale" "fresh" }},{{ $r.stars }},{{ $r.forks }},{{ $r.open_issues }},{{ with $r.open_pulls }}{{ . }}{{ end }},{{ $r.open_issues_include_pulls }},{{ $r.has_issues }},{{ $r.archived }},{{ $r.pushed_at }},{{ $r.days_since_push }},{{ with $r.release }}{{ partial "cell.html" .tag }},{{ .published_at }}{{ else }},{{ end }},{{ with $r.language }}{{ partial "cell.html" .name }},{{ .color }}{{ else }},{{ end }},{{ partial "cell.html" (delimit $r.topics " ") }},{{ len $r.contributors }},{{ with $r.contributors }}{{ partial "cell.html" (index . 0).login }}{{ end }},{{ $r.fetched_at }},{{ partial "cell.html" $r.description }}\r
{{ end }}"""

INSIGHT_ROW = """<tr><th scope="row"><a href="../{{ .Params.repo_path }}">{{ .Params.config_name }}</a></th><td><time datetime="{{ .Params.pushed_at }}">{{ (time .Params.pushed_at).Format "2 Jan 2006" }}</time></td><td>{{ lang.FormatNumberCustom 0 .Params.stars }}</td><td>{{ .Params.days_since_push }}</td></tr>
"""

INSIGHTS = """{{ partial "head.html" (dict "title" (printf "Insights — %s" site.Title) "root" "../") }}{{ $repos := where site.RegularPages "Section" "repos" }}
{{ $stars := 0 }}{{ $forks := 0 }}{{ $issues := 0 }}{{ range $repos }}{{ $stars = add $stars .Params.stars }}{{ $forks = add $forks .Params.forks }}{{ $issues = add $issues .Params.open_issues }}{{ end }}
<h1>Insights</h1>
<section data-insight="totals"><h2>Totals</h2><table><tbody>
<tr><th scope="row">Repositories</th><td>{{ lang.FormatNumberCustom 0 (len $repos) }}</td></tr>
<tr><th scope="row">Stars</th><td>{{ lang.FormatNumberCustom 0 $stars }}</td></tr>
<tr><th scope="row">Forks</th><td>{{ lang.FormatNumberCustom 0 $forks }}</td></tr>
<tr><th scope="row">Open issues</th><td>{{ lang.FormatNumberCustom 0 $issues }}</td></tr>
</tbody></table></section>
<section data-insight="rising"><h2>Rising</h2><table><tbody>
{{ range first 10 (sort $repos "Params.stars" "desc") }}""" + INSIGHT_ROW + """{{ end }}</tbody></table></section>
<section data-insight="releases"><h2>Releases</h2><table><tbody>
{{ range first 10 (sort (where $repos "Params.release" "!=" nil) "Params.release.published_at" "desc") }}""" + INSIGHT_ROW + """{{ end }}</tbody></table></section>
<section data-insight="waking"><h2>Waking</h2><table><tbody>
{{ range first 10 (sort (where $repos "Params.days_since_push" "lt" 7) "Params.days_since_push") }}""" + INSIGHT_ROW + """{{ end }}</tbody></table></section>
{{ $quiet := where $repos "Params.days_since_push" "gt" 60 }}<section data-insight="quiet"><h2>Quiet</h2><table><tbody>
{{ range first 10 (sort $quiet "Params.days_since_push" "desc") }}""" + INSIGHT_ROW + """{{ end }}</tbody></table><p>{{ len $quiet }} quiet</p></section>
<section data-insight="languages"><h2>Languages</h2><table><tbody>
{{ with where $repos "Params.language_name" "!=" nil }}{{ range .GroupByParam "language_name" }}<tr><th scope="row">{{ .Key }}</th><td>{{ len .Pages }}</td></tr>
{{ end }}{{ end }}</tbody></table></section>
<section data-insight="recent"><h2>Recent</h2><table><tbody>
{{ range first 10 (sort $repos "Params.pushed_at" "desc") }}""" + INSIGHT_ROW + """{{ end }}</tbody></table></section>
{{ partial "foot.html" . }}"""

LAYOUTS.update({
    "partials/badgeinfo.html": BADGE_INFO,
    "partials/compact.html": COMPACT,
    "partials/badge.svg": BADGE_SVG,
    "partials/badge.json": BADGE_JSON,
    "partials/cell.html": CELL,
    "_default/single.historycsv.csv": HISTORY_CSV,
    "partials/history.svg": HISTORY_SVG,
    "_default/single.historysvg.svg": '{{ partial "history.svg" (dict "p" .Params "dark" false) }}',
    "_default/single.historysvgdark.svg": '{{ partial "history.svg" (dict "p" .Params "dark" true) }}',
    "index.reposjson.json": REPOS_JSON,
    "index.reposcsv.csv": REPOS_CSV,
    "index.insights.html": INSIGHTS,
})
for _name, _base, _media, _variant in BADGE_OUTPUTS:
    _kind = _base.removesuffix("-dark")
    LAYOUTS[f"_default/single.{_name}.{'json' if _variant == 'json' else 'svg'}"] = (
        f'{{{{ partial "badge.{"json" if _variant == "json" else "svg"}" (dict "b" (partial "badgeinfo.html" '
        f'(dict "p" .Params "kind" "{_kind}")) "dark" {"true" if _variant == "dark" else "false"}) }}}}')

# What ours copies rather than renders (or writes from the snapshot as it stands): Hugo copies the same
# files from static/.
STATIC = ["avatars", "assets", "data/snapshot.json", "data/history.json", "data/repos.schema.json", ".nojekyll"]


def write_site(snapshot, our_output, folder):
    """A Hugo project in `folder` for the repositories of `snapshot` (our data/snapshot.json)."""
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    with open(os.path.join(folder, "config.toml"), "w") as f:
        f.write(CONFIG)
    for name, text in LAYOUTS.items():
        path = os.path.join(folder, "layouts", name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    static = os.path.join(folder, "static")
    os.makedirs(static)
    for name in STATIC:
        source = os.path.join(our_output, name)
        os.makedirs(os.path.dirname(os.path.join(static, name)), exist_ok=True)
        if os.path.isdir(source):
            shutil.copytree(source, os.path.join(static, name))
        elif os.path.exists(source):
            shutil.copy(source, os.path.join(static, name))
    with open(os.path.join(our_output, "data", "history.json")) as f:
        history = json.load(f)["repos"]
    content = os.path.join(folder, "content", "repos")
    badges = os.path.join(folder, "content", "badges")
    badge_outputs = [name for name, _, _, _ in BADGE_OUTPUTS]
    for weight, repo in enumerate(snapshot["repos"], start=1):
        owner, name = repo["config_name"].lower().split("/")
        front = dict(repo, owner=owner, name=name, title=repo["config_name"], weight=weight,
                     repo_path=f"repos/{owner}/{name}/", history=history.get(f"{owner}/{name}", []),
                     language_name=(repo.get("language") or {}).get("name"))
        os.makedirs(os.path.join(content, owner), exist_ok=True)
        with open(os.path.join(content, owner, f"{name}.md"), "w") as f:
            json.dump(front, f)
            f.write("\n")
        # The badges/ folder: a page of its own, rendered only in the badges' formats.
        os.makedirs(os.path.join(badges, owner), exist_ok=True)
        with open(os.path.join(badges, owner, f"{name}.md"), "w") as f:
            json.dump(dict(repo, title=repo["config_name"], url=f"/repos/{owner}/{name}/badges/",
                           outputs=badge_outputs), f)
            f.write("\n")
