import Foundation
import Testing

@testable import RepoWatchModel

/// The languages card's shares: the first six by amount and "Other", in tenths of a percent that add
/// up to exactly 100.
@Suite("Language shares: top six and Other, adding up to 100")
struct LanguageShareTests {
    static func tenths(_ shares: [LanguageShare]) -> Int { shares.reduce(0) { $0 + Int(($1.share * 10).rounded()) } }

    @Test("eight languages: six by amount (ties by name), the other two folded into Other")
    func topSixAndOther() {
        let amounts = ["Rust": 500, "Ruby": 300, "C": 100, "Go": 100, "Shell": 50, "Zig": 20, "Nix": 10, "Lua": 5]
        let shares = LanguageShare.top(amounts, colors: ["Rust": "#DEA584"])
        #expect(shares.map(\.name) == ["Rust", "Ruby", "C", "Go", "Shell", "Zig", "Other"])
        #expect(shares.last?.amount == 15 && shares.last?.isOther == true && shares.last?.color == nil)
        #expect(shares.first?.color == "#DEA584")
        #expect(Self.tenths(shares) == 1_000)
    }

    @Test("thirds round to 33.4, 33.3, 33.3: the spare tenth goes to the largest remainder")
    func roundingAddsUp() {
        let shares = LanguageShare.top(["A": 1, "B": 1, "C": 1])
        #expect(shares.map(\.share) == [33.4, 33.3, 33.3])
        for count in 1...12 {
            let amounts = Dictionary(uniqueKeysWithValues: (0..<count).map { ("L\($0)", 7 + $0 * 13) })
            #expect(Self.tenths(LanguageShare.top(amounts)) == 1_000, "\(count) languages")
        }
    }

    @Test("no code at all: no shares, rather than a bar of nothing")
    func empty() {
        #expect(LanguageShare.top([:]).isEmpty && LanguageShare.top(["Ruby": 0]).isEmpty)
    }
}
