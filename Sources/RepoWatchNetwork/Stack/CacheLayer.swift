import Foundation

/// The ETag cache, one URL at a time: it makes a request conditional (an authorized 304 costs no
/// quota), keeps what is worth keeping, answers when the network cannot (offline, GitHub failing),
/// reuses answers without validators for a day, and remembers every redirect, so it can answer for
/// the URL a build started from.
struct CacheLayer: NetworkLayer {
    let next: any NetworkLayer
    let cache: ResponseCache
    let api: APIScope
    /// Of the token the requests carry: validators are tied to the token they were issued for.
    let tokenFingerprint: String
    let options: FetchOptions
    let ledger: RequestLedger

    /// When answers are stored and last used: the build's "now", so `REPOWATCH_NOW` drives lifetimes.
    private var now: Date { cache.now }

    func send(_ request: NetworkRequest) async throws -> NetworkResponse {
        // The caller reads the body itself, and says what is wrong with one it cannot use.
        if request.uncached { return try await next.send(request) }
        let key = request.cacheKey ?? request.url.absoluteString
        let validators: ResponseCache.Entry?
        var request = request
        switch lookup(request) {
        case .answer(let answer, let kept):
            if kept { await ledger.recordKept() }
            return answer
        case .ask(let header, let keptPrivate):
            validators = header
            request.isSealed = (header?.isSealed ?? false) || keptPrivate
        }
        let response: NetworkResponse
        do {
            response = try await next.send(conditional(request, on: validators))
        } catch let error as GitHubError where error.isTransient {
            guard validators != nil, let answer = await lastGood(for: request.url, after: error) else { throw error }
            return answer
        }
        // A cut connection or a proxy's page in place of the answer fails like a 5xx: it is never kept.
        if response.status == 200, !request.expectedBody.accepts(response.data) {
            let error = GitHubError.invalidResponse("the answer is cut short or not \(request.expectedBody)")
            guard validators != nil, let answer = await lastGood(for: request.url, after: error) else { throw error }
            return answer
        }
        if request.existsForSure, response.status >= 400,
            !(response.status == 403 && GitHubError.isTooLarge(response.data)),
            validators != nil, let answer = await lastGood(for: request.url, after: GitHubClient.failure(response))
        {
            return answer
        }
        if let target = response.redirectTarget(from: request.url) {
            // Only a rename on the API's origin replaces an answer already kept: any other redirect
            // may lead somewhere that fails (a proxy's sign-in page), and the answer stays the last good.
            let rename = [301, 308].contains(response.status) && api.contains(request.url) && api.contains(target)
            if rename || validators.map({ $0.location != nil }) ?? true {
                cache.store(
                    .init(
                        url: key, tokenFingerprint: tokenFingerprint, status: response.status,
                        location: target.absoluteString, body: Data(), storedAt: now))
            }
            return response
        }
        if response.status == 304, let validators, validators.location == nil {
            return try await revalidated(request, response, sent: validators)
        }
        keep(response, for: key, body: request.keptBody)
        return response
    }

    /// "Not modified": the stored body, read now. Should the entry have changed or gone while the
    /// request waited, the 304 vouches for nothing stored, so the URL is asked again without validators.
    private func revalidated(
        _ request: NetworkRequest, _ response: NetworkResponse, sent validators: ResponseCache.Entry
    ) async throws -> NetworkResponse {
        let key = request.cacheKey ?? request.url.absoluteString
        guard let entry = cache.entry(for: key), entry.withoutBody == validators else {
            let fresh = try await next.send(request)
            keep(fresh, for: key, body: request.keptBody)
            return fresh
        }
        await ledger.recordNotModified()
        var refreshed = entry
        refreshed.storedAt = now
        // Kept in clear by a build that published private repositories: sealed now.
        if options.sealsPrivateAnswers, let sealed = refreshed.sealedIfPrivate() { refreshed = sealed }
        cache.store(refreshed)
        return NetworkResponse(
            data: entry.body, status: entry.status ?? 200,
            headers: response.headers.merging(entry.link.map { ["link": $0] } ?? [:]) { $1 }, source: .revalidated)
    }

    private enum Lookup {
        /// Answered from the cache, without a request (`kept`: an answer reused, not a redirect).
        case answer(NetworkResponse, kept: Bool)
        /// To be asked, with the stored entry's header (its body left out) if there is one.
        /// `keptPrivate`: the body is a private repository's, kept in clear by a build that published
        /// private repositories; under `private: exclude` its request line must not name it.
        case ask(ResponseCache.Entry?, keptPrivate: Bool)
    }

    /// The request may then wait long for its turn (the pacer, a --jobs slot), and an owner's
    /// listing asks all its pages at once: their stored bodies, held meanwhile, were most of a
    /// budgeted build's peak (docs/fast-paths.md, "Figures"). So only the header leaves
    /// here (the whole entry is this function's alone), and the body is read again if a 304 needs it.
    private func lookup(_ request: NetworkRequest) -> Lookup {
        guard let entry = cache.entry(for: request.cacheKey ?? request.url.absoluteString) else {
            return .ask(nil, keptPrivate: false)
        }
        if let redirect = rememberedRedirect(entry, from: request.url) { return .answer(redirect, kept: false) }
        if let kept = keptAnswer(entry, vouched: request.reuseStored) { return .answer(kept, kept: true) }
        let keptPrivate =
            options.sealsPrivateAnswers && !entry.isSealed && entry.location == nil
            && PrivateAnswers.isPrivateDocument(entry.body)
        return .ask(entry.withoutBody, keptPrivate: keptPrivate)
    }

    /// The entry's validators, unless they were issued for another token (a request without
    /// credentials carries none, so any will do).
    private func conditional(_ request: NetworkRequest, on entry: ResponseCache.Entry?) -> NetworkRequest {
        guard let entry, entry.tokenFingerprint == tokenFingerprint || !request.credentials else { return request }
        var request = request
        if let etag = entry.etag { request.headers["If-None-Match"] = etag }
        if let lastModified = entry.lastModified { request.headers["If-Modified-Since"] = lastModified }
        return request
    }

    /// An empty repository (204) and a list too large to count (403) are answers worth keeping too:
    /// offline and during outages they still say "No contributors yet" or "too large".
    private func keep(
        _ response: NetworkResponse, for key: String, body kept: (@Sendable (Data, [String: String]) -> Data)?
    ) {
        let status = response.status
        guard status == 200 || status == 204 || (status == 403 && GitHubError.isTooLarge(response.data)) else {
            return
        }
        let etag = response.headers["etag"]
        let lastModified = response.headers["last-modified"]
        // Nothing to ask "has this changed?" with: asking again would cost quota every build.
        let validatorLess = status != 200 && etag == nil && lastModified == nil
        var entry = ResponseCache.Entry(
            url: key, tokenFingerprint: tokenFingerprint, status: status, etag: etag,
            lastModified: lastModified, link: response.headers["link"],
            body: status == 200 ? kept.map { $0(response.data, response.headers) } ?? response.data : response.data,
            storedAt: now,
            freshUntil: validatorLess ? now.addingTimeInterval(CacheLifetimes.keptAnswer) : nil)
        if options.sealsPrivateAnswers, status == 200, let sealed = entry.sealedIfPrivate() { entry = sealed }
        cache.store(entry)
    }

    /// A renamed repository's permanent redirect on the API origin is followed without asking, until
    /// it is as old as the retention period (then GitHub is asked again) or `--refresh`.
    private func rememberedRedirect(_ entry: ResponseCache.Entry, from url: URL) -> NetworkResponse? {
        guard entry.isPermanentRedirect, !options.refresh, let location = entry.location,
            let next = URL(string: location), api.contains(url), api.contains(next),
            now.timeIntervalSince(entry.storedAt) < CacheLifetimes.retention
        else { return nil }
        return NetworkResponse(
            data: Data(), status: entry.status ?? 301, headers: ["location": next.absoluteString],
            source: .rememberedRedirect)
    }

    /// An answer without validators, within its day, or one the caller vouches for: no request.
    /// Offline builds use the cache as stale data like every other answer.
    private func keptAnswer(_ entry: ResponseCache.Entry, vouched: Bool) -> NetworkResponse? {
        guard !options.offline, !options.refresh, entry.location == nil, entry.tokenFingerprint == tokenFingerprint,
            vouched || entry.freshUntil.map({ now < $0 }) == true
        else { return nil }
        return NetworkResponse(
            data: entry.body, status: entry.status ?? 200, headers: entry.link.map { ["link": $0] } ?? [:],
            source: .kept)
    }

    /// The cache's answer for `url`, stale, where GitHub (or a hop a redirect led to) failed.
    func lastGood(for url: URL, after error: GitHubError) async -> NetworkResponse? {
        guard let answer = cachedAnswer(from: cache.entry(for: url.absoluteString)) else { return nil }
        await ledger.recordCacheOnly()
        return NetworkResponse(
            data: answer.body, status: answer.status ?? 200, headers: answer.link.map { ["link": $0] } ?? [:],
            source: .cacheOnly(storedAt: answer.storedAt, because: error))
    }

    /// The answer the cache holds for a URL, following the redirects remembered on the way (of any
    /// kind, to any origin: nothing is requested).
    private func cachedAnswer(from entry: ResponseCache.Entry?) -> ResponseCache.Entry? {
        var current = entry
        for _ in 0...RedirectLayer.defaultLimit {
            guard let found = current else { return nil }
            guard let location = found.location else { return found }
            current = cache.entry(for: location)
        }
        return nil
    }
}
