import Foundation
import RepoWatchSupport

/// Every request that went out (answered or failed, not one held back before sending), counted in
/// the ledger and, with `--verbose`, logged: method, URL, status and time, never a header (the
/// token is one).
struct RequestLogLayer: NetworkLayer {
    let next: any NetworkLayer
    let ledger: RequestLedger?
    /// Nil unless `--verbose`.
    let trace: (any BuildLog)?
    let clock: @Sendable () -> Date
    /// `private: exclude`: a private repository's request line says so instead of its URL.
    var redactsPrivate = false

    func send(_ request: NetworkRequest) async throws -> NetworkResponse {
        let started = clock()
        let response: NetworkResponse
        do {
            response = try await next.send(request)
        } catch let error as NotAdmitted {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            await ledger?.recordRequest()
            trace?.info("\(request.method) \(shown(request, nil)) failed: \(GitHubError.reason(for: error))")
            throw error
        }
        await ledger?.recordRequest()
        let seconds = String(format: "%.2f", clock().timeIntervalSince(started))
        trace?.info("\(request.method) \(shown(request, response)) → \(response.status) (\(seconds)s)")
        return response
    }

    /// The URL, or for a private repository's answer its origin and a word: the log of a public
    /// repository's workflow is public.
    private func shown(_ request: NetworkRequest, _ response: NetworkResponse?) -> String {
        if let key = request.cacheKey { return key }
        guard redactsPrivate, request.isSealed || response.map({ PrivateAnswers.isPrivateDocument($0.data) }) == true
        else { return request.url.absoluteString }
        let origin = request.url.scheme.map { "\($0)://" } ?? ""
        return origin + (request.url.host ?? "") + "/(a private repository)"
    }
}
