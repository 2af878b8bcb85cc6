import Foundation
import RepoWatchStorage

/// A repository document as bytes for the spool (`RecordWriter`), every field in declaration order;
/// a field added to `RepositoryPayload` must be added here too.
enum PayloadRecord {
    static func encode(_ payload: RepositoryPayload) -> [UInt8] {
        var out = RecordWriter(capacity: 192)
        out.write(payload.fullName)
        out.write(payload.owner.login)
        out.write(payload.owner.avatarURL) { $0.write($1) }
        out.write(payload.htmlURL) { $0.write($1) }
        out.write(payload.description) { $0.write($1) }
        out.write(payload.stars)
        out.write(payload.forks)
        out.write(payload.openIssues)
        out.write(payload.hasIssues)
        out.write(payload.archived)
        out.write(payload.pushedAt) { $0.write($1) }
        out.write(payload.language) { $0.write($1) }
        out.write(payload.topics.count)
        for topic in payload.topics { out.write(topic) }
        out.write(payload.isPrivate)
        return out.bytes
    }

    static func decode(_ bytes: [UInt8]) -> RepositoryPayload {
        var input = RecordReader(bytes)
        let fullName = input.readString()
        let owner = RepositoryPayload.Owner(
            login: input.readString(), avatarURL: input.readOptional { $0.readString() })
        let htmlURL = input.readOptional { $0.readString() }
        let description = input.readOptional { $0.readString() }
        let stars = input.readInt()
        let forks = input.readInt()
        let openIssues = input.readInt()
        let hasIssues = input.readBool()
        let archived = input.readBool()
        let pushedAt = input.readOptional { $0.readDate() }
        let language = input.readOptional { $0.readString() }
        let topics = (0..<input.readInt()).map { _ in input.readString() }
        return RepositoryPayload(
            fullName: fullName, owner: owner, htmlURL: htmlURL, description: description, stars: stars, forks: forks,
            openIssues: openIssues, hasIssues: hasIssues, archived: archived, pushedAt: pushedAt, language: language,
            topics: topics, isPrivate: input.readBool())
    }
}
