// Regenerates the self-hosted demo images in public/images/ from db/seed-data.ts:
// a cover and a monogram logo per project, two abstract gallery images per sector, a few
// university crests and the placeholders. Run once after changing the demo projects:
//   node scripts/generate-images.mjs
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { SECTORS, sectorForCategory } from "../domain/projects/categories.ts";
import { buildDemoData } from "../db/seed-data.ts";
import { root } from "./lib.mjs";

const out = join(root, "public", "images");
const FONT = "Inter,system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** Dark-to-mid gradients per sector: white text stays above 4.5:1 on both ends. */
const PALETTES = {
  technology: ["#0f172a", "#1d4ed8", "#93c5fd"],
  fintech: ["#042f2e", "#0f766e", "#5eead4"],
  "social-media": ["#3b0764", "#a21caf", "#f0abfc"],
  "e-commerce": ["#431407", "#c2410c", "#fdba74"],
  health: ["#4c0519", "#be123c", "#fda4af"],
  education: ["#1e1b4b", "#4338ca", "#a5b4fc"],
  sustainability: ["#052e16", "#15803d", "#86efac"],
};

const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function hash(s) {
  let h = 2166136261;
  for (const c of s) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}
function rng(seed) {
  let a = hash(seed);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Soft abstract shapes (circles, rings, rounded squares) in the palette's light tone. */
function shapes(seed, light, w, h, n) {
  const r = rng(seed);
  let s = "";
  for (let i = 0; i < n; i++) {
    const x = Math.round(r() * w);
    const y = Math.round(r() * h);
    const size = Math.round(40 + r() * 180);
    const o = (0.08 + r() * 0.14).toFixed(2);
    const kind = Math.floor(r() * 3);
    if (kind === 0) s += `<circle cx="${x}" cy="${y}" r="${size}" fill="${light}" opacity="${o}"/>`;
    else if (kind === 1)
      s += `<circle cx="${x}" cy="${y}" r="${size}" fill="none" stroke="${light}" stroke-width="${Math.round(4 + r() * 10)}" opacity="${o}"/>`;
    else
      s += `<rect x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${size}" rx="${Math.round(size / 5)}" fill="${light}" opacity="${o}" transform="rotate(${Math.round(r() * 90)} ${x} ${y})"/>`;
  }
  return s;
}

function gradient(id, [dark, mid]) {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient>`;
}

function cover(p) {
  const pal = PALETTES[p.sector];
  const size = p.title.length > 14 ? 92 : 112;
  const label = `${p.category.toUpperCase()} · ${p.universityName.toUpperCase()}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 675" width="1200" height="675" role="img" aria-label="${esc(p.title)}">` +
    `<defs>${gradient("g", pal)}<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></linearGradient></defs>` +
    `<rect width="1200" height="675" fill="url(#g)"/>${shapes(p.slug, pal[2], 1200, 675, 11)}<rect width="1200" height="675" fill="url(#s)"/>` +
    `<text x="80" y="470" font-family="${FONT}" font-size="26" font-weight="600" letter-spacing="3" fill="#fff" opacity="0.9">${esc(label)}</text>` +
    `<text x="76" y="${470 + size + 10}" font-family="${FONT}" font-size="${size}" font-weight="800" fill="#fff">${esc(p.title)}</text></svg>\n`
  );
}

/** "Night Owl Kitchen" → "NO", "LabLink" → "LL", "Quietly" → "Q". */
function monogram(title) {
  const words = title.split(/\s+/).filter(Boolean);
  if (words.length > 1)
    return words
      .slice(0, 2)
      .map((w) => w[0].toUpperCase())
      .join("");
  const caps = title.match(/[A-Z]/g) ?? [];
  return caps.length > 1 ? caps.slice(0, 2).join("") : title.slice(0, 1).toUpperCase();
}

function logo(p) {
  const pal = PALETTES[p.sector];
  const text = monogram(p.title);
  const fs = text.length > 1 ? 60 : 80;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160" role="img" aria-label="${esc(p.title)} logo">` +
    `<defs>${gradient("g", pal)}</defs><rect width="160" height="160" rx="36" fill="url(#g)"/>` +
    `<circle cx="128" cy="32" r="44" fill="${pal[2]}" opacity="0.22"/>` +
    `<text x="80" y="80" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="${fs}" font-weight="800" fill="#fff">${esc(text)}</text></svg>\n`
  );
}

function gallery(sector, n) {
  const pal = PALETTES[sector];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 675" width="1200" height="675" role="img" aria-label="Abstract illustration">` +
    `<defs>${gradient("g", n === 1 ? pal : [pal[1], pal[0]])}</defs><rect width="1200" height="675" fill="url(#g)"/>${shapes(`${sector}-${n}`, pal[2], 1200, 675, 16)}</svg>\n`
  );
}

/** Generic shield crests with a monogram: not the universities' official marks. */
const UNIVERSITIES = [
  ["stanford", "S", "#8c1515", "#ffffff"],
  ["mit", "MIT", "#750014", "#ffffff"],
  ["berkeley", "UCB", "#002676", "#fdb515"],
  ["michigan", "M", "#00274c", "#ffcb05"],
  ["georgia-tech", "GT", "#003057", "#eaaa00"],
  ["carnegie-mellon", "CMU", "#a6192e", "#ffffff"],
];

function crest([, text, bg, fg]) {
  const fs = text.length > 2 ? 34 : text.length > 1 ? 44 : 58;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 140" width="120" height="140" role="img" aria-label="${text} crest">` +
    `<path d="M10 12 Q60 0 110 12 V70 Q110 118 60 136 Q10 118 10 70 Z" fill="${bg}"/>` +
    `<path d="M20 21 Q60 11 100 21 V70 Q100 110 60 125 Q20 110 20 70 Z" fill="none" stroke="${fg}" stroke-width="3" opacity="0.8"/>` +
    `<text x="60" y="68" dy="0.35em" text-anchor="middle" font-family="Georgia,'Times New Roman',serif" font-size="${fs}" font-weight="700" fill="${fg}">${text}</text></svg>\n`
  );
}

const placeholderProject =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 675" width="1200" height="675" role="img" aria-label="No image">` +
  `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e2e8f0"/><stop offset="1" stop-color="#cbd5e1"/></linearGradient></defs>` +
  `<rect width="1200" height="675" fill="url(#g)"/><g fill="none" stroke="#64748b" stroke-width="14" stroke-linejoin="round" stroke-linecap="round">` +
  `<rect x="500" y="245" width="200" height="150" rx="18"/><path d="M515 380 L575 320 L620 360 L650 335 L690 375"/></g><circle cx="655" cy="285" r="16" fill="#64748b"/>` +
  `<text x="600" y="460" text-anchor="middle" font-family="${FONT}" font-size="34" font-weight="600" fill="#334155">CampusFund</text></svg>\n`;

const placeholderLogo =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160" role="img" aria-label="No logo">` +
  `<rect width="160" height="160" rx="36" fill="#e2e8f0"/><path d="M80 38 L118 60 V100 L80 122 L42 100 V60 Z" fill="none" stroke="#64748b" stroke-width="8" stroke-linejoin="round"/>` +
  `<path d="M42 60 L80 82 L118 60 M80 82 V122" fill="none" stroke="#64748b" stroke-width="8" stroke-linejoin="round"/></svg>\n`;

const avatar =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128" role="img" aria-label="Default avatar">` +
  `<rect width="128" height="128" rx="64" fill="#cbd5e1"/><circle cx="64" cy="50" r="22" fill="#64748b"/>` +
  `<path d="M22 112 Q26 78 64 78 Q102 78 106 112 Q86 128 64 128 Q42 128 22 112 Z" fill="#64748b"/></svg>\n`;

// ---------------------------------------------------------------------------------------------

const { projects } = buildDemoData(new Date(), sectorForCategory);
const files = new Map();
for (const p of projects) {
  files.set(`projects/${p.slug}.svg`, cover(p));
  files.set(`projects/${p.slug}-logo.svg`, logo(p));
}
for (const { id } of SECTORS) for (const n of [1, 2]) files.set(`projects/gallery-${id}-${n}.svg`, gallery(id, n));
for (const u of UNIVERSITIES) files.set(`universities/${u[0]}.svg`, crest(u));
files.set("placeholder-project.svg", placeholderProject);
files.set("placeholder-logo.svg", placeholderLogo);
files.set("avatar-default.svg", avatar);

let largest = 0;
for (const [name, svg] of files) {
  const path = join(out, name);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, svg);
  largest = Math.max(largest, Buffer.byteLength(svg));
}
console.log(`Wrote ${files.size} images to public/images (largest ${largest} bytes)`);
