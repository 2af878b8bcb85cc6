import Mustache

// The template keys of Templates/README.md, one `case` each. A nil answer is an absent key, so
// swift-mustache looks further up the context stack exactly as it would past a missing dictionary
// entry. Values keep the types a template tests or prints: Bool for sections, Int for numbers.

extension RepoCard: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "config_name": return configName
        case "full_name": return fullName
        case "owner": return owner
        case "name": return name
        case "forge": return forge
        case "forge_host": return forgeHost
        case "page": return page
        case "state": return state.rawValue
        case "is_fresh": return state == .fresh
        case "is_sample": return state == .sample
        case "is_stale": return state == .stale
        case "is_unavailable": return state == .unavailable
        case "is_pending": return state == .pending
        case "no_data": return noData
        case "archived": return archived
        case "avatar": return avatar
        case "description": return description
        case "has_tags": return hasTags
        case "html_url": return htmlURL
        case "view_on": return viewOn
        case "error": return error
        case "as_of_display": return asOfDisplay
        case "as_of": return asOf
        case "error_display": return errorDisplay
        case "stars": return stars
        case "forks": return forks
        case "issues": return issues
        case "pulls": return pulls
        case "issues_include_pulls": return issuesIncludePulls
        case "stats_size": return statsSize.rawValue
        case "days": return days
        case "release": return release
        case "language": return language
        case "has_details": return hasDetails
        case "contributors": return contributors
        case "has_contributors": return hasContributors
        case "contributors_note": return contributorsNote
        case "contributors_basis": return contributorsBasis
        case "members_only": return membersOnly
        case "has_members_only": return hasMembersOnly
        case "members_only_lead": return membersOnlyLead
        case "contributors_members_only": return contributorsMembersOnly
        case "history": return history
        case "delta": return delta
        case "sparkline_svg": return sparklineSVG
        case "t": return TemplateStrings(table: strings)
        case "lang": return strings.formatter.identifier
        case "rtl": return strings.isRightToLeft
        default: return nil
        }
    }
}

extension RepoCard.Avatar: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "src": return src
        case "alt": return alt
        default: return nil
        }
    }
}

extension RepoCard.Absent: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "key": return self.key
        case "name": return name
        case "label": return label
        default: return nil
        }
    }
}

extension RepoCard.Stat: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "value": return value
        case "display": return display
        case "label": return label
        case "title": return title
        case "missing": return missing ? true : nil
        default: return nil
        }
    }
}

extension RepoCard.Days: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "value": return value
        case "display": return display
        case "digits": return digits
        case "caption": return caption
        case "label": return label
        case "hot": return hot
        case "missing": return missing ? true : nil
        default: return nil
        }
    }
}

extension RepoCard.Release: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "tag": return tag
        case "published_at": return publishedAt
        case "published_display": return publishedDisplay
        case "ago": return ago
        case "label": return label
        case "html_url": return htmlURL
        default: return nil
        }
    }
}

extension RepoCard.Language: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "name": return name
        case "color": return color
        case "label": return label
        default: return nil
        }
    }
}

extension RepoCard.Person: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "login": return login
        case "contributions": return contributions
        case "display": return display
        case "label": return label
        case "avatar": return avatar
        case "rank": return rank
        default: return nil
        }
    }
}

extension RepoCard.HistorySummary: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "points": return points
        case "first": return first
        case "first_display": return firstDisplay
        default: return nil
        }
    }
}

extension RepoCard.Delta: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "since": return since
        case "since_display": return sinceDisplay
        case "since_before": return sinceBefore
        case "since_after": return sinceAfter
        case "stars": return stars
        case "forks": return forks
        case "issues": return issues
        case "contributors": return contributors
        default: return nil
        }
    }
}

extension RepoCard.Change: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "value": return value
        case "display": return display
        case "label": return label
        case "sign": return sign.rawValue
        case "noun": return noun
        default: return nil
        }
    }
}

extension WidgetCard: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "kind": return kind
        case "id": return id
        case "state": return state.rawValue
        case "appearance": return look.appearance.rawValue
        case "rendering": return look.rendering.rawValue
        case "numbers": return look.numbers.rawValue
        case "accent": return accent
        case "accent_class": return accentClass
        case "lang": return lang
        case "rtl": return rtl
        default: return nil
        }
    }
}
