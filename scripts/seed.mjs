// Loads the demo data (db/seed-data.ts) into the LOCAL D1: `node scripts/seed.mjs [--persist-to <dir>]`.
// With `--scale=N` (N a whole number 1..1000) it then loads N times the demo's size of synthetic
// data (db/scale-data.ts) on top, in files of ~200,000 rows, printing progress per file.
//
// Idempotent: every row has a fixed id and is written with INSERT OR IGNORE in one atomic batch
// (the scale data: one batch per file, users and projects before the rows that point at them),
// so a second run changes nothing and keeps whatever users did (investments, edits, new accounts).
// Existing rows are never deleted; the only updates are the company events' (ADR 052), applied
// after the investments as the app applies them, each only to what the event before it left
// (db/seed-sql.ts applyEventStatements). Refuses to touch a remote or production database.
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { promisify } from "node:util";

import { EXIT_KINDS } from "../domain/money/marking.ts";
import { PROJECT_CATEGORIES, SECTORS, sectorForCategory } from "../domain/projects/categories.ts";
import { shapeProblems } from "../domain/projects/project-shapes.ts";
import { DEMO_PASSWORD, buildDemoData, validateDemoData } from "../db/seed-data.ts";
import { scaleChildren, scaleEvents, scaleParents } from "../db/scale-data.ts";
import {
  applyEventStatements,
  demoStatements,
  InsertBuffer,
  insertChunks,
  insertStatements,
  THREAD_COUNTS_SQL,
  LAST_UPDATE_STATEMENT,
} from "../db/seed-sql.ts";
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
const USAGE = "usage: node scripts/seed.mjs [--persist-to <dir>] [--scale=N] [--test-cost]";
let persistTo;
let scale;
// --test-cost: the demo password hashed at the test runs' cost (secrets.ts TEST_SCRYPT), for a
// server started with APP_ENV=test (scripts/e2e-server.mjs); any other server refuses such a hash.
let testCost = false;
const setScale = (value) => {
  scale = /^\d{1,4}$/.test(value ?? "") ? Number(value) : NaN;
  if (!(scale >= 1 && scale <= 1000)) {
    console.error(`✗ --scale needs a whole number from 1 to 1000, not ${JSON.stringify(value ?? "")} (${USAGE})`);
    process.exit(1);
  }
};
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--scale") {
    setScale(args[++i]);
  } else if (args[i].startsWith("--scale=")) {
    setScale(args[i].slice("--scale=".length));
  } else if (args[i] === "--persist-to") {
    persistTo = args[++i];
    if (!persistTo) {
      console.error("✗ --persist-to needs a directory");
      process.exit(1);
    }
  } else if (args[i].startsWith("--persist-to=")) {
    persistTo = args[i].slice("--persist-to=".length);
  } else if (args[i] === "--test-cost") {
    testCost = true;
  } else if (args[i] !== "--local") {
    console.error(`✗ unknown argument ${args[i]} (${USAGE})`);
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
// passwords: the exact format of hashPassword() in worker/services/accounts/internal/secrets.ts

const SCRYPT = testCost
  ? { N: 2 ** 4, r: 8, p: 1, keyLength: 32, saltLength: 16 }
  : { N: 2 ** 15, r: 8, p: 3, keyLength: 32, saltLength: 16 };
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

/** verifyPassword() of worker/services/accounts/internal/secrets.ts, re-derived: proves the stored format round-trips. */
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

/** The migrated columns of `table`: an unknown table has none, so its rows are refused. */
const known = (table) => columns.get(table) ?? new Set();
const insert = (table, rows) => insertStatements(table, rows, known(table));

const statements = demoStatements(
  { ...data, users: data.users.map((u, i) => ({ ...u, passwordHash: hashes[i] })) },
  EXIT_KINDS,
  insert,
);

const started = Date.now();
const dir = mkdtempSync(join(tmpdir(), "campusfund-seed-"));
process.on("exit", () => rmSync(dir, { recursive: true, force: true }));

/** Runs one SQL file against the local D1 (atomically); exits the script on failure. */
function execute(file) {
  const wranglerArgs = ["d1", "execute", "DB", "--local", "--file", file, "--yes"];
  if (persistTo) wranglerArgs.push("--persist-to", persistTo);
  const res = spawnSync(bin("wrangler"), wranglerArgs, {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" },
  });
  if (res.status !== 0) {
    process.stderr.write(res.stdout ?? "");
    process.stderr.write(res.stderr ?? "");
    console.error(`\n✗ wrangler d1 execute failed (exit ${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
}

const file = join(dir, "seed.sql");
writeFileSync(file, `${statements.join("\n")}\n`);
execute(file);

console.log(
  `Seeded ${data.users.length} users, ${data.projects.length} projects, ${data.investments.length} investments, ` +
    `${data.follows.length} follows, ${data.updates.length} updates, ${data.posts.length} Discussion posts, ` +
    `${data.notifications.length} notifications, ${data.events.length} company events (existing rows kept)` +
    (persistTo ? ` into ${persistTo}` : ""),
);

// ---------------------------------------------------------------------------------------------
// --scale=N: the synthetic data, streamed into files of about ROWS_PER_FILE rows each

if (scale) {
  const ROWS_PER_FILE = 200_000;
  const opts = { categories: PROJECT_CATEGORIES, sectorForCategory, passwordHash: hash };
  const buffer = new InsertBuffer(known);
  const counts = new Map();
  let pending = [];
  let pendingRows = 0;
  let files = 0;
  const write = () => {
    if (!pending.length) return;
    const at = Date.now();
    const out = join(dir, `scale-${++files}.sql`);
    writeFileSync(out, `${pending.map((chunk) => chunk.sql).join("\n")}\n`);
    execute(out);
    rmSync(out);
    const tables = [...new Set(pending.map((chunk) => chunk.table))].join(", ");
    console.log(
      `  file ${files}: ${pendingRows.toLocaleString("en-US")} rows (${tables}) in ${((Date.now() - at) / 1000).toFixed(1)} s`,
    );
    pending = [];
    pendingRows = 0;
  };
  const take = (chunks) => {
    for (const chunk of chunks) {
      pending.push(chunk);
      pendingRows += chunk.rows;
    }
    if (pendingRows >= ROWS_PER_FILE) write();
  };
  const add = (batch) => {
    counts.set(batch.table, (counts.get(batch.table) ?? 0) + batch.rows.length);
    take(buffer.add(batch.table, batch.rows));
  };
  console.log(`Seeding scale ${scale} (about ${(scale * 16_000).toLocaleString("en-US")} rows)…`);
  for (const batch of scaleParents(scale, today.getTime(), opts)) {
    if (batch.table === "projects") {
      const bad = batch.rows.flatMap((p) => shapeProblems(p).map((problem) => `${p.id}: ${problem}`));
      if (bad.length) {
        console.error(`✗ the scale data is inconsistent:\n  - ${bad.join("\n  - ")}`);
        process.exit(1);
      }
    }
    add(batch);
  }
  // Every user and project is written before the rows that point at them.
  take(buffer.flush());
  write();
  for (const batch of scaleChildren(scale, today.getTime(), opts)) add(batch);
  take(buffer.flush());
  // The company events of some funded raises (ADR 052), applied once every investment is in: the
  // updates write no new rows, so they count none.
  const events = scaleEvents(scale, today.getTime(), opts);
  counts.set("valuation_events", events.length);
  take(insertChunks("valuation_events", events, known("valuation_events")));
  take(applyEventStatements(events, EXIT_KINDS).map((sql) => ({ table: "positions", rows: 0, sql })));
  take([{ table: "projects", rows: 0, sql: THREAD_COUNTS_SQL }]);
  // Each project's kept last update (ADR 055), now that its updates are in.
  take([{ table: "projects", rows: 0, sql: LAST_UPDATE_STATEMENT }]);
  write();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `Seeded scale ${scale}: ${[...counts].map(([table, count]) => `${count.toLocaleString("en-US")} ${table}`).join(", ")} ` +
      `in ${seconds} s (existing rows kept)` +
      (persistTo ? ` into ${persistTo}` : ""),
  );
}
