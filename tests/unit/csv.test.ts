import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "../../domain/shared/csv";

/**
 * A cell as a spreadsheet reads it: a leading `'` makes it text; a plain decimal is a number.
 * (What Excel, LibreOffice and Google Sheets do on opening a CSV, for the cells we write.)
 */
function spreadsheetValue(cell: string): string | number {
  if (cell.startsWith("'")) return cell.slice(1);
  return /^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : cell;
}

describe("CSV writer (domain/shared/csv.ts)", () => {
  it("writes plain cells as they are, rows ending in CRLF", () => {
    expect(
      toCsv([
        ["Investor", "Shares", "Amount (USD)", "Date"],
        ["Ada L.", 10, "25.00", "2026-03-02"],
      ]),
    ).toBe("Investor,Shares,Amount (USD),Date\r\nAda L.,10,25.00,2026-03-02\r\n");
  });

  it("quotes a cell with a comma, a quote or a line break, doubling the quotes", () => {
    expect(["a,b", 'say "hi"', "two\nlines"].map(csvCell)).toEqual(['"a,b"', '"say ""hi"""', '"two\nlines"']);
  });

  it("defuses every character a spreadsheet reads as a formula start", () => {
    expect(["=1+1", "+1", "-1+2", "@SUM(A1)", "\tx", "\rx"].map(csvCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1+2",
      "'@SUM(A1)",
      "'\tx",
      '"\'\rx"',
    ]);
  });

  it("defuses a minus that starts a formula rather than a number", () => {
    expect(["-A1", "-2e5", "-1.", "--1", "-SUM(A1:A9)"].map(csvCell)).toEqual([
      "'-A1",
      "'-2e5",
      "'-1.",
      "'--1",
      "'-SUM(A1:A9)",
    ]);
  });

  it("leaves a negative amount a plain number (a refund of -25.00)", () => {
    expect(csvCell("-25.00")).toBe("-25.00");
  });

  it("leaves a negative whole number a plain number (shares returned: -3)", () => {
    expect(csvCell(-3)).toBe("-3");
  });

  it("writes amounts with refunds that a spreadsheet sums to the net", () => {
    const amounts = ["25.00", "-25.00", "110.50", "-0.50", "1000.00"];
    const rows = toCsv(amounts.map((a) => ["Project", a]))
      .trimEnd()
      .split("\r\n");
    const sum = rows.map((r) => spreadsheetValue(r.split(",")[1]!)).reduce<number>((s, v) => s + Number(v), 0);
    expect(sum).toBe(1110);
  });

  it("defuses a formula and escapes it in the same cell", () => {
    expect(csvCell('=HYPERLINK("http://evil.example","Click")')).toBe(
      '"\'=HYPERLINK(""http://evil.example"",""Click"")"',
    );
  });

  it("leaves a formula character that is not at the start alone", () => {
    expect(csvCell("Ada = L.")).toBe("Ada = L.");
  });

  it("writes null and undefined as empty cells", () => {
    expect(toCsv([[null, undefined, 0]])).toBe(",,0\r\n");
  });
});
