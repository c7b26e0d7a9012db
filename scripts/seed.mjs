// Loads the demo data (db/seed-data.ts) into the LOCAL D1: `node scripts/seed.mjs [--persist-to <dir>]`.
//
// Idempotent: every row has a fixed id and is written with INSERT OR IGNORE in one atomic batch,
// so a second run changes nothing and keeps whatever users did (investments, edits, new accounts).
// Existing rows are never updated or deleted. Refuses to touch a remote or production database.
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { promisify } from "node:util";

import { SECTORS, sectorForCategory } from "../domain/categories.ts";
import { shapeProblems } from "../domain/project-shapes.ts";
import { DEMO_PASSWORD, buildDemoData, validateDemoData } from "../db/seed-data.ts";
import { bin, root } from "./lib.mjs";

const scrypt = promisify(scryptCb);

// ---------------------------------------------------------------------------------------------
// arguments and safety

const args = process.argv.slice(2);
if (
  args.includes("--remote") ||
  args.includes("--preview") ||
  process.env.CLOUDFLARE_ENV === "production" ||
  args.some((a) => a === "--env" || a === "-e" || a.startsWith("--env="))
) {
  console.error(
    "✗ seed.mjs loads demo accounts with a published password: local databases only (no --remote, --preview, --env or CLOUDFLARE_ENV=production).",
  );
  process.exit(1);
}
let persistTo;
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--persist-to") {
    persistTo = args[++i];
    if (!persistTo) {
      console.error("✗ --persist-to needs a directory");
      process.exit(1);
    }
  } else if (args[i].startsWith("--persist-to=")) {
    persistTo = args[i].slice("--persist-to=".length);
  } else if (args[i] !== "--local") {
    console.error(`✗ unknown argument ${args[i]} (usage: node scripts/seed.mjs [--persist-to <dir>])`);
    process.exit(1);
  }
}

// ---------------------------------------------------------------------------------------------
// data

const today = new Date();
const data = buildDemoData(today, sectorForCategory);
const problems = [
  ...validateDemoData(
    data,
    today,
    SECTORS.map((s) => s.id),
  ),
  // the JSON columns hold exactly the shapes the app reads
  ...data.projects.flatMap((p) => shapeProblems(p).map((problem) => `${p.id}: ${problem}`)),
];
if (problems.length) {
  console.error(`✗ the demo data is inconsistent:\n  - ${problems.join("\n  - ")}`);
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// passwords: the exact format of hashPassword() in worker/services/secrets.ts

const SCRYPT = { N: 2 ** 15, r: 8, p: 3, keyLength: 32, saltLength: 16 };
const scryptOptions = (N, r, p) => ({ N, r, p, maxmem: 256 * N * r });

async function hashPassword(password) {
  const salt = randomBytes(SCRYPT.saltLength);
  const key = await scrypt(
    password.normalize("NFKC"),
    salt,
    SCRYPT.keyLength,
    scryptOptions(SCRYPT.N, SCRYPT.r, SCRYPT.p),
  );
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

/** verifyPassword() of worker/services/secrets.ts, re-derived: proves the stored format round-trips. */
async function verifyPassword(password, stored) {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [, n, r, p, salt, hash] = parts;
  const expected = Buffer.from(hash, "base64");
  const key = await scrypt(
    password.normalize("NFKC"),
    Buffer.from(salt, "base64"),
    expected.length,
    scryptOptions(Number(n), Number(r), Number(p)),
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// One hash for every demo account: they share a published password, so a salt of their own would
// protect nothing, and each hash costs a third of a second of CPU.
const hash = await hashPassword(DEMO_PASSWORD);
const hashes = data.users.map(() => hash);
if (!(await verifyPassword(DEMO_PASSWORD, hashes[0])) || (await verifyPassword(`${DEMO_PASSWORD}x`, hashes[0]))) {
  console.error("✗ password hash self-check failed");
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// SQL

/**
 * Columns per table, read from every migration in order (CREATE TABLE, then ALTER TABLE … ADD) so
 * a renamed column fails here, not in D1.
 */
function migrationColumns() {
  const dir = join(root, "migrations");
  const files = readdirSync(dir)
    .filter((f) => /^\d+_.*\.sql$/.test(f))
    .sort();
  const tables = new Map();
  for (const file of files) {
    const sql = readFileSync(join(dir, file), "utf8");
    for (const m of sql.matchAll(/CREATE TABLE `(\w+)` \(([\s\S]*?)\n\);|ALTER TABLE `(\w+)` ADD `(\w+)`/g)) {
      if (m[1]) tables.set(m[1], new Set([...m[2].matchAll(/^\s*`(\w+)`/gm)].map((c) => c[1])));
      else tables.get(m[3])?.add(m[4]);
    }
  }
  return tables;
}
const columns = migrationColumns();

const snake = (key) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function literal(value) {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return `'${text.replace(/'/g, "''")}'`;
}

// D1 refuses a statement over 100 KB (SQLITE_TOOBIG); a project row is a few KB.
const MAX_STATEMENT = 60_000;
const MAX_ROWS = 100;

/**
 * INSERT OR IGNORE statements for `rows` of one table: rows with the same columns share a
 * statement (up to MAX_ROWS rows or MAX_STATEMENT characters), so wrangler runs dozens of
 * statements instead of over a thousand.
 */
function insert(table, rows) {
  const known = columns.get(table);
  const groups = new Map();
  for (const row of rows) {
    const keys = Object.keys(row);
    for (const k of keys) {
      if (!known?.has(snake(k))) throw new Error(`${table}.${snake(k)} is not a column of the migrated schema`);
    }
    const sig = keys.join(",");
    groups.set(sig, [...(groups.get(sig) ?? []), row]);
  }
  const out = [];
  for (const [sig, group] of groups) {
    const keys = sig.split(",");
    const head = `INSERT OR IGNORE INTO ${table} (${keys.map(snake).join(", ")}) VALUES\n`;
    let values = [];
    let size = 0;
    const flush = () => {
      if (values.length) out.push(`${head}${values.join(",\n")};`);
      values = [];
      size = 0;
    };
    for (const row of group) {
      const tuple = `(${keys.map((k) => literal(row[k])).join(", ")})`;
      if (values.length >= MAX_ROWS || size + tuple.length > MAX_STATEMENT) flush();
      values.push(tuple);
      size += tuple.length + 2;
    }
    flush();
  }
  return out;
}

const statements = [
  ...insert(
    "users",
    data.users.map((u, i) => ({ ...u, passwordHash: hashes[i] })),
  ),
  ...insert("projects", data.projects),
  ...insert("investments", data.investments),
  ...insert("project_follows", data.follows),
  ...insert("project_updates", data.updates),
  ...insert("project_questions", data.questions),
  ...insert("notifications", data.notifications),
];

const dir = mkdtempSync(join(tmpdir(), "campusfund-seed-"));
const file = join(dir, "seed.sql");
writeFileSync(file, `${statements.join("\n")}\n`);

// ---------------------------------------------------------------------------------------------
// load

const wranglerArgs = ["d1", "execute", "DB", "--local", "--file", file, "--yes"];
if (persistTo) wranglerArgs.push("--persist-to", persistTo);
const res = spawnSync(bin("wrangler"), wranglerArgs, {
  cwd: root,
  encoding: "utf8",
  env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" },
});
rmSync(dir, { recursive: true, force: true });
if (res.status !== 0) {
  process.stderr.write(res.stdout ?? "");
  process.stderr.write(res.stderr ?? "");
  console.error(`\n✗ wrangler d1 execute failed (exit ${res.status ?? res.signal})`);
  process.exit(res.status ?? 1);
}

console.log(
  `Seeded ${data.users.length} users, ${data.projects.length} projects, ${data.investments.length} investments, ` +
    `${data.follows.length} follows, ${data.updates.length} updates, ${data.questions.length} questions, ` +
    `${data.notifications.length} notifications (existing rows kept)` +
    (persistTo ? ` into ${persistTo}` : ""),
);
