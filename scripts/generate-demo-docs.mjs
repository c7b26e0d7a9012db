// Writes the four sample PDFs the demo projects link to (public/docs/*.pdf): one page each,
// stating plainly that it is a demo document. Run once; the PDFs are committed.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { root } from "./lib.mjs";

const docs = {
  "investor-deck": "Investor Deck",
  "financial-projections": "Financial Projections",
  "technical-whitepaper": "Technical Whitepaper",
  "market-analysis-report": "Market Analysis Report",
};

const esc = (s) => s.replace(/[\\()]/g, (c) => `\\${c}`);

function pdf(title) {
  const lines = [
    [24, title],
    [13, "CampusFund demo document"],
    [11, "This sample stands in for a founder's real document on CampusFund's simulated"],
    [11, "marketplace. Demo projects, shares and money are fictional; nothing here is an"],
    [11, "offer to sell securities. Founders upload their own documents with their project."],
  ];
  let y = 720;
  const text = lines
    .map(([size, line], i) => {
      y -= i === 0 ? 0 : i === 1 ? 36 : 20;
      return `BT /F1 ${size} Tf 72 ${y} Td (${esc(line)}) Tj ET`;
    })
    .join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
  ];
  let out = "%PDF-1.4\n";
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info << /Title (${esc(title)}) >> >>\nstartxref\n${xref}\n%%EOF\n`;
  return out;
}

const dir = join(root, "public", "docs");
mkdirSync(dir, { recursive: true });
for (const [file, title] of Object.entries(docs)) writeFileSync(join(dir, `${file}.pdf`), pdf(title));
console.log(`Wrote ${Object.keys(docs).length} sample PDFs to public/docs/`);
