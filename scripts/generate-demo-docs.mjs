// Writes each demo project's own documents (public/docs/<slug>/<kind>.pdf): an investor deck,
// financial projections, a market analysis and, for some, a technical whitepaper, with the
// project's name, terms, figures, team and roadmap from db/seed-data.ts. Every document says
// plainly that it is a demo. `node scripts/generate-demo-docs.mjs` rewrites them; the PDFs are
// committed, and tests/unit/seed-data.test.ts fails when they drift from the seed.
//
// Only date-free fields are used (no deadlines, no quarters, no live funding), so the output is
// the same whatever day it is generated.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { deflateSync } from "node:zlib";

import { sectorForCategory } from "../domain/projects/categories.ts";
import { buildDemoData, DEMO_DOCUMENT_KINDS, demoDocumentUrl } from "../db/seed-data.ts";
import { root } from "./lib.mjs";

// ---------------------------------------------------------------------------------------------
// a small PDF writer: Helvetica in WinAnsiEncoding, wrapped paragraphs, tables, bars, pages

const PAGE = { w: 612, h: 792, margin: 64 };
const WIDTH = PAGE.w - 2 * PAGE.margin;
const WIN_ANSI = { "€": 0x80, "‚": 0x82, "…": 0x85, "‘": 0x91, "’": 0x92, "“": 0x93, "”": 0x94, "•": 0x95 };
Object.assign(WIN_ANSI, { "–": 0x96, "—": 0x97, "™": 0x99 });

/** A PDF string literal's bytes: WinAnsi, with ( ) \ escaped and the rest as octal. */
function pdfString(text) {
  let out = "";
  for (const ch of text) {
    const code = WIN_ANSI[ch] ?? (ch.codePointAt(0) < 256 ? ch.codePointAt(0) : 0x3f);
    if (ch === "(" || ch === ")" || ch === "\\") out += `\\${ch}`;
    else if (code >= 32 && code < 127) out += String.fromCharCode(code);
    else out += `\\${code.toString(8).padStart(3, "0")}`;
  }
  return `(${out})`;
}

// Helvetica's advance widths (per 1000 em) for printable ASCII; other characters count as 556.
const HELVETICA =
  "278,278,355,556,556,889,667,191,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,278,278,584,584,584,556,1015,667,667,722,722,667,611,778,722,278,500,667,556,833,722,778,667,778,722,667,611,722,667,944,667,667,611,278,278,278,469,556,333,556,556,500,556,556,278,556,556,222,222,500,222,833,556,556,556,556,333,500,278,556,500,722,500,500,500,334,260,334,584"
    .split(",")
    .map(Number);
const textWidth = (text, size, bold) =>
  [...text].reduce((w, ch) => {
    const c = ch.codePointAt(0);
    return w + (c >= 32 && c < 127 ? HELVETICA[c - 32] : 556) * (bold ? 1.06 : 1);
  }, 0) *
  (size / 1000);

function wrap(text, size, width, bold = false) {
  const lines = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size, bold) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

class Doc {
  constructor(title, footer) {
    this.title = title;
    this.footer = footer;
    this.pages = [];
    this.newPage();
  }
  newPage() {
    this.ops = [];
    this.pages.push(this.ops);
    this.y = PAGE.h - PAGE.margin;
  }
  need(height) {
    if (this.y - height < PAGE.margin + 36) this.newPage();
  }
  text(x, y, size, text, { bold = false, gray = 0 } = {}) {
    this.ops.push(
      `${gray} g BT /${bold ? "F2" : "F1"} ${size} Tf ${x.toFixed(1)} ${y.toFixed(1)} Td ${pdfString(text)} Tj ET`,
    );
  }
  title1(text, sub) {
    for (const line of wrap(text, 26, WIDTH, true)) {
      this.y -= 30;
      this.text(PAGE.margin, this.y, 26, line, { bold: true });
    }
    if (sub) {
      for (const line of wrap(sub, 13, WIDTH)) {
        this.y -= 18;
        this.text(PAGE.margin, this.y, 13, line, { gray: 0.35 });
      }
    }
    this.y -= 10;
    this.ops.push(`0.1 0.45 0.4 RG 2 w ${PAGE.margin} ${this.y} m ${PAGE.w - PAGE.margin} ${this.y} l S`);
    this.y -= 8;
  }
  heading(text) {
    this.need(60);
    this.y -= 26;
    this.text(PAGE.margin, this.y, 14, text, { bold: true });
    this.y -= 4;
  }
  paragraph(text, { size = 10.5, indent = 0, bullet = false } = {}) {
    for (const para of String(text).split(/\n\n+/)) {
      const lines = wrap(para, size, WIDTH - indent - (bullet ? 12 : 0));
      lines.forEach((line, i) => {
        this.need(size + 6);
        this.y -= size + 4.5;
        if (bullet && i === 0) this.text(PAGE.margin + indent, this.y, size, "•");
        this.text(PAGE.margin + indent + (bullet ? 12 : 0), this.y, size, line);
      });
      this.y -= 5;
    }
  }
  bullets(items) {
    for (const item of items) this.paragraph(item, { bullet: true, indent: 6 });
  }
  table(rows, { labelWidth = 190 } = {}) {
    for (const [label, value] of rows) {
      const lines = wrap(String(value), 10.5, WIDTH - labelWidth - 8);
      this.need(lines.length * 15 + 6);
      this.y -= 15;
      this.text(PAGE.margin, this.y, 10.5, label, { bold: true });
      lines.forEach((line, i) => {
        if (i) this.y -= 15;
        this.text(PAGE.margin + labelWidth, this.y, 10.5, line);
      });
      this.y -= 4;
      this.ops.push(`0.85 G 0.5 w ${PAGE.margin} ${this.y} m ${PAGE.w - PAGE.margin} ${this.y} l S`);
    }
    this.y -= 4;
  }
  /** Horizontal bars, labelled, scaled to the largest value. */
  bars(items) {
    const max = Math.max(...items.map(([, v]) => v), 1);
    for (const [label, value, shown] of items) {
      this.need(26);
      this.y -= 24;
      this.text(PAGE.margin, this.y + 4, 10.5, label, { bold: true });
      const w = Math.max(2, ((WIDTH - 190) * value) / max);
      this.ops.push(`0.1 0.45 0.4 rg ${PAGE.margin + 80} ${this.y} ${w.toFixed(1)} 16 re f`);
      this.text(PAGE.margin + 86 + w, this.y + 4, 10.5, shown);
    }
    this.y -= 6;
  }
  bytes() {
    const count = this.pages.length;
    const streams = this.pages.map((ops, i) =>
      [
        ...ops,
        `0.85 G 0.5 w ${PAGE.margin} ${PAGE.margin + 22} m ${PAGE.w - PAGE.margin} ${PAGE.margin + 22} l S`,
        ...wrap(this.footer, 8, WIDTH).map(
          (line, j) => `0.4 g BT /F1 8 Tf ${PAGE.margin} ${PAGE.margin + 10 - j * 10} Td ${pdfString(line)} Tj ET`,
        ),
        `0.4 g BT /F1 8 Tf ${PAGE.w - PAGE.margin - 50} ${PAGE.margin - 16} Td ${pdfString(`Page ${i + 1} of ${count}`)} Tj ET`,
        `0.4 g BT /F2 8 Tf ${PAGE.margin} ${PAGE.margin - 16} Td ${pdfString(this.title)} Tj ET`,
      ].join("\n"),
    );
    const objects = [
      "<< /Type /Catalog /Pages 2 0 R >>",
      `<< /Type /Pages /Kids [${streams.map((_, i) => `${5 + 2 * i} 0 R`).join(" ")}] /Count ${count} >>`,
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    ];
    streams.forEach((stream, i) => {
      objects.push(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.w} ${PAGE.h}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${6 + 2 * i} 0 R >>`,
      );
      const packed = deflateSync(Buffer.from(stream, "latin1"), { level: 9 }).toString("latin1");
      objects.push(`<< /Length ${packed.length} /Filter /FlateDecode >>\nstream\n${packed}\nendstream`);
    });
    let out = "%PDF-1.4\n";
    const offsets = [];
    objects.forEach((body, i) => {
      offsets.push(Buffer.byteLength(out, "latin1"));
      out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    });
    const xref = Buffer.byteLength(out, "latin1");
    out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
    out += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
    out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info << /Title ${pdfString(this.title)} /Producer (CampusFund demo data) >> >>\nstartxref\n${xref}\n%%EOF\n`;
    return Buffer.from(out, "latin1");
  }
}

// ---------------------------------------------------------------------------------------------
// the documents

const usd = (cents) => `$${(cents / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}`;
const dollars = (n) => `$${n.toLocaleString("en-US")}`;
const num = (n) => n.toLocaleString("en-US");
const DISCLAIMER =
  "Demo document: a fictional student company on CampusFund's simulated marketplace. Its figures are illustrative and nothing here is an offer to sell securities.";

function roundRows(p) {
  return [
    ["Offering", `${p.regulationType} round`],
    ["Shares offered", num(p.totalShares)],
    ["Price per share", usd(p.sharePriceCents)],
    ["Funding goal", usd(p.fundingGoalCents)],
    ["Equity offered", `${p.equityPercentage}%`],
    ["Valuation", usd(p.valuationCents)],
    ["Minimum investment", usd(p.minInvestmentCents)],
    ["Risk level", p.riskLevel[0].toUpperCase() + p.riskLevel.slice(1)],
    ["Target return", `${p.returnRate}% over ${p.projectDuration} months`],
  ];
}

const people = (p) => {
  const founders = p.founders.map((f) => `${f.name}, founder: ${f.bio}${f.experience ? ` (${f.experience})` : ""}`);
  const team = p.team
    .filter((t) => !p.founders.some((f) => f.name === t.name))
    .map((t) => `${t.name}, ${t.role}: ${t.bio}`);
  return [...founders, ...team];
};

const roadmap = (p) => p.details.roadmap.map((r) => `${r.completed ? "Done" : "Next"}: ${r.milestone}`);

function investorDeck(p, name) {
  const d = new Doc(`${p.title}: ${name}`, DISCLAIMER);
  d.title1(p.title, p.shortDescription);
  d.paragraph(`${p.universityName} · ${p.location} · ${p.tags.join(", ")}`, { size: 11 });
  d.paragraph(p.details.overview);
  d.heading("What we do");
  d.paragraph(p.description);
  d.heading("The problem");
  d.paragraph(p.details.problem);
  d.heading("Our solution");
  d.paragraph(p.details.solution);
  d.heading("Traction");
  d.table(p.details.traction.map((t) => [t.metric, t.value]));
  d.heading("Market");
  d.paragraph(p.details.marketSize);
  d.heading("Competition");
  d.paragraph(p.details.competition);
  d.heading("Business model");
  d.paragraph(p.details.businessModel);
  d.heading("Team");
  d.paragraph(p.teamDescription);
  d.bullets(people(p));
  d.heading("Roadmap");
  d.bullets(roadmap(p));
  d.heading("The round");
  d.table(roundRows(p));
  return d;
}

function financialProjections(p, name) {
  const f = p.details.financials;
  const { year1, year2, year3 } = f.revenueProjections;
  const d = new Doc(`${p.title}: ${name}`, DISCLAIMER);
  d.title1(
    `${p.title} financial projections`,
    `Three-year plan behind the ${usd(p.fundingGoalCents)} ${p.regulationType} round`,
  );
  d.heading("Revenue");
  d.bars([
    ["Year 1", year1, dollars(year1)],
    ["Year 2", year2, dollars(year2)],
    ["Year 3", year3, dollars(year3)],
  ]);
  const growth = (a, b) => (a > 0 ? `${Math.round(((b - a) / a) * 100)}%` : "n/a");
  d.table([
    ["Year 1 revenue", dollars(year1)],
    ["Year 2 revenue", `${dollars(year2)} (growth ${growth(year1, year2)})`],
    ["Year 3 revenue", `${dollars(year3)} (growth ${growth(year2, year3)})`],
    ["Monthly burn today", dollars(f.burnRate)],
    ["Yearly burn at today's rate", dollars(f.burnRate * 12)],
    ["Break-even", f.breakEvenPoint],
    ["Runway after the round", f.runwayPostFunding],
    ["Valuation / year-3 revenue", year3 > 0 ? `${(p.valuationCents / 100 / year3).toFixed(1)}x` : "n/a"],
  ]);
  d.heading("How we make money");
  d.paragraph(p.details.businessModel);
  d.heading("Use of funds");
  d.paragraph(p.details.overview);
  d.heading("Round terms");
  d.table(roundRows(p));
  d.heading("Assumptions and risks");
  d.paragraph(
    `These projections assume the roadmap below is delivered on time and that ${p.title} keeps its monthly burn near ${dollars(f.burnRate)} until break-even. Student companies often take longer than planned; investors should expect the figures to move and could lose their whole investment.`,
  );
  d.bullets(roadmap(p));
  return d;
}

function marketAnalysis(p, name) {
  const d = new Doc(`${p.title}: ${name}`, DISCLAIMER);
  d.title1(`${p.title} market analysis`, `${p.category[0].toUpperCase() + p.category.slice(1)} · ${p.tags.join(", ")}`);
  d.heading("Market size");
  d.paragraph(p.details.marketSize);
  d.heading("The need");
  d.paragraph(p.details.problem);
  d.heading("Competitive landscape");
  d.paragraph(p.details.competition);
  d.heading("Business model");
  d.paragraph(p.details.businessModel);
  d.heading("Evidence so far");
  d.table(p.details.traction.map((t) => [t.metric, t.value]));
  d.heading("Go-to-market");
  d.paragraph(
    `${p.title} starts at ${p.universityName} (${p.location}) and expands along its roadmap, milestone by milestone.`,
  );
  d.bullets(roadmap(p));
  return d;
}

function whitepaper(p, name) {
  const d = new Doc(`${p.title}: ${name}`, DISCLAIMER);
  d.title1(`${p.title} technical whitepaper`, p.shortDescription);
  d.heading("Abstract");
  d.paragraph(p.description);
  d.heading("Background");
  d.paragraph(p.about);
  d.heading("System overview");
  d.paragraph(p.details.solution);
  // The founders' own questions: the last three of a listed project are the round's terms.
  const faqs = p.publishedAt === null ? p.faqs : p.faqs.slice(0, -3);
  if (faqs.length) {
    d.heading("Design questions");
    for (const f of faqs) {
      d.paragraph(f.question, { size: 11 });
      d.paragraph(f.answer, { indent: 12 });
    }
  }
  d.heading("Who builds it");
  d.bullets(people(p));
  d.heading("Technical roadmap");
  d.bullets(roadmap(p));
  return d;
}

const WRITERS = {
  "investor-deck": investorDeck,
  "financial-projections": financialProjections,
  "technical-whitepaper": whitepaper,
  "market-analysis-report": marketAnalysis,
};

/** Every demo document: its path under public/ and its bytes. Same output on any day. */
export function demoDocuments() {
  const { projects } = buildDemoData(new Date("2026-01-01T00:00:00Z"), sectorForCategory);
  const out = new Map();
  for (const p of projects) {
    for (const doc of p.documents) {
      const [, slug, kind] = /^\/docs\/([a-z0-9-]+)\/([a-z-]+)\.pdf$/.exec(doc.url) ?? [];
      if (!slug || !(kind in WRITERS) || demoDocumentUrl(slug, kind) !== doc.url) {
        throw new Error(`${p.id}: ${doc.url} is not a generated demo document`);
      }
      out.set(doc.url, WRITERS[kind](p, DEMO_DOCUMENT_KINDS[kind]).bytes());
    }
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const docs = join(root, "public", "docs");
  for (const entry of readdirSync(docs, { withFileTypes: true })) rmSync(join(docs, entry.name), { recursive: true });
  let bytes = 0;
  const all = demoDocuments();
  for (const [url, pdf] of all) {
    const file = join(root, "public", url);
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, pdf);
    bytes += pdf.length;
  }
  console.log(`Wrote ${all.size} demo PDFs (${Math.round(bytes / 1024)} KB) to public/docs/<slug>/`);
}
