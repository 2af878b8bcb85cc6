import Foundation
import Testing

@testable import RepoWatchRender

/// `TextWidth` reads printable ASCII straight from its table and measures a fitted beginning as the
/// beginning's advance plus the ellipsis's. Both are shortcuts: these tests hold them to the
/// measurement they replace, scalar by scalar, over a generated matrix of texts in every script the
/// table treats apart (ASCII, Latin-1, Arabic joining and not, Hebrew, CJK, emoji, combining marks,
/// format characters, control characters, spaces where a cut falls).
@Suite("Text widths: the ASCII table and the fitted beginning measure as scalar by scalar")
struct TextWidthTests {
    /// Pieces whose every combination is measured: each exercises one branch of the advance table.
    static let pieces = [
        "repo-name", "Swift", " ", "   ", "a b", "~|}", "\u{7F}", "\t", "é", "ß", "Ω", "Ж", "שלום", "مرحبا", "لا",
        "ءآ", "٣", "漢字", "かな", "한글", "👍", "🇯🇵", "e\u{301}", "\u{200F}", "\u{2066}x\u{2069}", "\u{00A0}",
        "\u{2009}", "…", "—",
    ]

    /// Every piece, and every ordered pair of pieces, three times over: long enough to be cut.
    static var texts: [String] {
        var texts = pieces
        for first in pieces {
            for second in pieces { texts.append(String(repeating: first + second, count: 3)) }
        }
        return texts
    }

    /// The measurement through the general table alone, scalar by scalar.
    static func scalarEstimate(_ text: String, size: Double, bold: Bool) -> Double {
        Double(TextWidth.scalarThousandths(Substring(text), bold: bold)) / 1000 * size * TextWidth.margin
    }

    /// `fit` as it was: each shorter beginning, trailing white space dropped, measured with its "…".
    static func plainFit(_ text: String, size: Double, bold: Bool, width: Double) -> String {
        guard TextWidth.estimate(text, size: size, bold: bold) > width else { return text }
        var end = text.startIndex
        var alone = 0.0
        while end < text.endIndex, alone <= 3 * width {
            alone += TextWidth.estimate(String(text[end]), size: size, bold: bold)
            end = text.index(after: end)
        }
        var kept = text[..<end]
        while !kept.isEmpty {
            kept = kept.dropLast()
            let trimmed = kept.reversed().drop(while: \.isWhitespace).reversed()
            let candidate = String(trimmed) + TextWidth.ellipsis
            if !trimmed.isEmpty, TextWidth.estimate(candidate, size: size, bold: bold) <= width { return candidate }
        }
        return TextWidth.estimate(TextWidth.ellipsis, size: size, bold: bold) <= width ? TextWidth.ellipsis : ""
    }

    @Test("a whole text measures as its scalars do through the general table, in both weights")
    func estimateIsScalarByScalar() {
        for text in Self.texts {
            for bold in [false, true] {
                #expect(
                    TextWidth.estimate(text, size: 13, bold: bold) == Self.scalarEstimate(text, size: 13, bold: bold),
                    "\(text.debugDescription) bold: \(bold)")
            }
        }
    }

    @Test(
        "a fitted text is the beginning each shorter candidate, measured whole, gives", arguments: [8.0, 40, 90, 200])
    func fitMatchesCandidateByCandidate(width: Double) {
        for text in Self.texts {
            for bold in [false, true] {
                #expect(
                    TextWidth.fit(text, size: 12, bold: bold, width: width)
                        == Self.plainFit(text, size: 12, bold: bold, width: width),
                    "\(text.debugDescription) bold: \(bold) width: \(width)")
            }
        }
    }
}
