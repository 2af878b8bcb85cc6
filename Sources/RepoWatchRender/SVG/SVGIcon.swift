/// The card's icons (the same paths as card.mustache), drawn at any size.
package struct SVGIcon {
    /// The body split where the colour goes (`"C"`), so drawing is a join, not a search.
    package let pieces: [String]
    package let viewBox: Double

    package init(body: String, viewBox: Double) {
        pieces = body.split(separator: "\"C\"", omittingEmptySubsequences: false).map(String.init)
        self.viewBox = viewBox
    }

    package static let star = SVGIcon(
        body:
            "<path d=\"M8 1 9.88 6.01 15.23 6.25 11.04 9.59 12.47 14.75 8 11.8 3.53 14.75 4.96 9.59.77 6.25 6.12 6.01Z\" "
            + "fill=\"C\" stroke=\"C\" stroke-width=\"1.2\" stroke-linejoin=\"round\"/>", viewBox: 16)
    package static let fork = SVGIcon(
        body:
            "<g fill=\"none\" stroke=\"C\" stroke-width=\"1.7\" stroke-linecap=\"round\"><circle cx=\"4\" cy=\"3.2\" r=\"1.8\"/>"
            + "<circle cx=\"12\" cy=\"3.2\" r=\"1.8\"/><circle cx=\"8\" cy=\"12.8\" r=\"1.8\"/>"
            + "<path d=\"M4 5v1.3c0 1.2 1 2.2 2.2 2.2h3.6c1.2 0 2.2-1 2.2-2.2V5M8 8.5V11\"/></g>", viewBox: 16)
    package static let issue = SVGIcon(
        body:
            "<path fill=\"C\" fill-rule=\"evenodd\" d=\"M6.7 1.9a1.5 1.5 0 0 1 2.6 0l6.3 11.2a1.5 1.5 0 0 1-1.3 2.2H1.7a1.5 "
            + "1.5 0 0 1-1.3-2.2ZM7.1 5.4h1.8l-.3 5h-1.2ZM8 11.4a1 1 0 1 0 0 2 1 1 0 1 0 0-2Z\"/>", viewBox: 16)
    package static let pull = SVGIcon(
        body:
            "<g fill=\"none\" stroke=\"C\" stroke-width=\"1.7\" stroke-linecap=\"round\" stroke-linejoin=\"round\">"
            + "<circle cx=\"4\" cy=\"3.2\" r=\"1.8\"/><circle cx=\"4\" cy=\"12.8\" r=\"1.8\"/>"
            + "<circle cx=\"12\" cy=\"12.8\" r=\"1.8\"/>"
            + "<path d=\"M4 5v6M12 11V6.4c0-1.2-.9-2.1-2.1-2.1H7.2M8.9 2.5 7.2 4.3l1.7 1.7\"/></g>", viewBox: 16)
    package static let clock = SVGIcon(
        body:
            "<circle cx=\"8\" cy=\"8\" r=\"6.3\" fill=\"none\" stroke=\"C\" stroke-width=\"1.7\"/><path d=\"M8 4.6V8l2.3 1.5\" "
            + "fill=\"none\" stroke=\"C\" stroke-width=\"1.7\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
        viewBox: 16)
    static let archive = SVGIcon(
        body:
            "<path fill=\"C\" fill-rule=\"evenodd\" d=\"M1.5 2.5A1 1 0 0 1 2.5 1.5h11a1 1 0 0 1 1 1v2a1 1 0 0 1-.7.95V13a1.5 "
            + "1.5 0 0 1-1.5 1.5H3.7A1.5 1.5 0 0 1 2.2 13V5.45a1 1 0 0 1-.7-.95Zm2.2 3v7.5h8.6V5.5ZM6 7.2h4v1.5H6Z\"/>",
        viewBox: 16)
    package static let tag = SVGIcon(
        body:
            "<path fill=\"none\" stroke=\"C\" stroke-width=\"1.6\" stroke-linejoin=\"round\" "
            + "d=\"M1.8 2.6v4.6l7 7 5.4-5.4-7-7H2.6a.8.8 0 0 0-.8.8Z\"/><circle cx=\"5.2\" cy=\"5.2\" r=\"1.2\" fill=\"C\"/>",
        viewBox: 16)
    package static let person = SVGIcon(
        body:
            "<circle cx=\"8\" cy=\"5.6\" r=\"3\" fill=\"C\"/><path d=\"M2.5 14.5c.5-3 2.8-4.8 5.5-4.8s5 1.8 5.5 4.8Z\" fill=\"C\"/>",
        viewBox: 16)
    static let cloudOff = SVGIcon(
        body:
            "<g fill=\"none\" stroke=\"C\" stroke-width=\"1.8\" stroke-linecap=\"round\"><path d=\"M7 18.5h10.2a4.3 4.3 0 0 0 "
            + ".6-8.56A6 6 0 0 0 6.3 8.7 4.9 4.9 0 0 0 7 18.5Z\"/><path d=\"m3.5 3.5 17 17\"/></g>", viewBox: 24)

    /// `C` in the body stands for the colour.
    func draw(x: Double, y: Double, size: Double, color: String, opacity: Double = 1) -> String {
        let scale = Sparkline.number(size / viewBox)
        let fade = opacity < 1 ? " opacity=\"\(Sparkline.number(opacity))\"" : ""
        return "<g transform=\"translate(\(Sparkline.number(x)) \(Sparkline.number(y))) scale(\(scale))\"\(fade)>"
            + pieces.joined(separator: "\"\(color)\"") + "</g>"
    }
}
