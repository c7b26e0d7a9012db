import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { inflateSync } from "node:zlib";

import { describe, expect, it } from "vitest";

import { cancelDeadline } from "../../domain/money/cancellation";
import { SECTORS, sectorForCategory } from "../../domain/projects/categories";
import { shapeProblems } from "../../domain/projects/project-shapes";
import { buildDemoData, DEMO_FOUNDER_ID, DEMO_INVESTOR_ID, validateDemoData } from "../../db/seed-data";

describe("demo data", () => {
  const today = new Date();
  const data = buildDemoData(today, sectorForCategory);

  it("passes the seed's own checks (money, shares, sectors, states)", () => {
    expect(
      validateDemoData(
        data,
        today,
        SECTORS.map((s) => s.id),
      ),
    ).toEqual([]);
  });

  it("stores every JSON column in the shape the app reads", () => {
    expect(data.projects.flatMap((p) => shapeProblems(p).map((problem) => `${p.id}: ${problem}`))).toEqual([]);
  });

  it("gives every investment the cancellation cutoff of its project's deadline", () => {
    const deadlineOf = new Map(data.projects.map((p) => [p.id, p.fundingDeadline]));
    expect(
      data.investments.filter((i) => i.cancelCutoffAt !== cancelDeadline(deadlineOf.get(i.projectId) ?? "")),
    ).toEqual([]);
  });
});

/** A PDF's page streams, inflated, and its document information. */
function pageContents(bytes: Buffer): string[] {
  const pdf = bytes.toString("latin1");
  const streams = [...pdf.matchAll(/<< \/Length (\d+) \/Filter \/FlateDecode >>\nstream\n/g)].map((m) => {
    const start = m.index + m[0].length;
    return inflateSync(Buffer.from(pdf.slice(start, start + Number(m[1])), "latin1")).toString("latin1");
  });
  return [...streams, /\/Info << .* >>/.exec(pdf)?.[0] ?? ""];
}

describe("demo data that shows what the product does", () => {
  const today = new Date();
  const data = buildDemoData(today, sectorForCategory);
  const listed = data.projects.filter((p) => p.publishedAt !== null);
  const share = (pred: (p: (typeof listed)[number]) => boolean) => listed.filter(pred).length / listed.length;

  it("gives every listed project followers, and most of them updates and questions", () => {
    expect(listed.filter((p) => !data.follows.some((f) => f.projectId === p.id)).map((p) => p.slug)).toEqual([]);
    expect(share((p) => data.updates.some((u) => u.projectId === p.id))).toBeGreaterThanOrEqual(0.9);
    expect(share((p) => data.questions.some((q) => q.projectId === p.id))).toBeGreaterThanOrEqual(0.8);
    // both kinds of each
    expect(new Set(data.updates.map((u) => u.investorsOnly))).toEqual(new Set([true, false]));
    expect(new Set(data.questions.map((q) => q.answer === null))).toEqual(new Set([true, false]));
    // nothing on a project that is not listed
    const unlisted = new Set(data.projects.filter((p) => p.publishedAt === null).map((p) => p.id));
    expect([...data.follows, ...data.updates, ...data.questions].filter((r) => unlisted.has(r.projectId))).toEqual([]);
  });

  it("moves every question into the Discussion: a thread each, the founder's answers as replies, follow-ups and votes", () => {
    const threads = data.posts.filter((p) => p.depth === 0);
    expect(threads.map((t) => t.id).sort()).toEqual(data.questions.map((q) => q.id).sort());
    const answers = data.posts.filter((p) => p.depth === 1);
    expect(answers.length).toBe(data.questions.filter((q) => q.answer !== null).length);
    expect(answers.every((a) => a.byFounder && a.id === `${a.parentId}-answer`)).toBe(true);
    expect(data.posts.filter((p) => p.depth === 2).length).toBeGreaterThan(10);
    expect(data.votes.length).toBeGreaterThan(threads.length);
    // The kept figures match what they count.
    for (const t of threads) {
      expect(t.voteCount).toBe(data.votes.filter((v) => v.postId === t.id).length);
      expect(t.replyCount).toBe(data.posts.filter((p) => p.threadId === t.id && p.depth > 0).length);
    }
    for (const p of data.projects) {
      expect(p.threadCount).toBe(threads.filter((t) => t.projectId === p.id && t.hiddenAt === null).length);
    }
  });

  it("leaves a few unread notifications for the demo investor and the demo founder, about their own things", () => {
    const unread = (userId: string) => data.notifications.filter((n) => n.userId === userId && n.readAt === null);
    const investor = unread(DEMO_INVESTOR_ID);
    const founder = unread(DEMO_FOUNDER_ID);
    expect(investor.length).toBeGreaterThanOrEqual(3);
    expect(founder.length).toBeGreaterThanOrEqual(3);
    expect(new Set(investor.map((n) => n.kind))).toContain("answer");
    expect(new Set(founder.map((n) => n.kind))).toEqual(new Set(["question", "investment"]));
    const quietly = data.projects.find((p) => p.founderId === DEMO_FOUNDER_ID)!;
    expect(data.questions.filter((q) => q.projectId === quietly.id && q.answer === null).length).toBeGreaterThan(0);
    expect(data.updates.filter((u) => u.projectId === quietly.id).every((u) => u.authorId === DEMO_FOUNDER_ID)).toBe(
      true,
    );
  });

  it("writes Product and Market sections of a few sentences, each the project's own", () => {
    for (const field of ["problem", "solution", "marketSize", "competition", "businessModel"] as const) {
      const texts = listed.map((p) => p.details[field] ?? "");
      expect(new Set(texts).size, field).toBe(texts.length);
      const short = listed.filter((p) => (p.details[field] ?? "").split(/(?<=[.!?])\s+/).length < 2);
      expect(
        short.map((p) => p.slug),
        field,
      ).toEqual([]);
    }
  });

  it("links each project's own documents, generated from the seed and committed", () => {
    const urls = data.projects.flatMap((p) => p.documents.map((d) => d.url));
    expect(new Set(urls).size).toBe(urls.length);
    expect(listed.filter((p) => p.documents.length < 3).map((p) => p.slug)).toEqual([]);
    for (const p of data.projects) {
      for (const doc of p.documents) {
        const file = join(process.cwd(), "public", doc.url);
        expect(existsSync(file), doc.url).toBe(true);
        const pdf = readFileSync(file).toString("latin1");
        expect(pdf.startsWith("%PDF-1.4\n"), doc.url).toBe(true);
        expect(pdf, doc.url).toContain(`/Title (${p.title}: ${doc.name})`);
      }
    }
  });

  it("keeps the committed PDFs in step with scripts/generate-demo-docs.mjs, and well formed", async () => {
    const { demoDocuments } = await import("../../scripts/generate-demo-docs.mjs");
    const generated = demoDocuments();
    const urls = data.projects.flatMap((p) => p.documents.map((d) => d.url));
    expect([...generated.keys()].sort()).toEqual([...urls].sort());
    // Compared by content: zlib builds may compress the same page a little differently.
    const stale = [...generated].filter(
      ([url, bytes]) =>
        JSON.stringify(pageContents(bytes)) !== JSON.stringify(pageContents(readFileSync(join("public", url)))),
    );
    expect(
      stale.map(([url]) => url),
      "run node scripts/generate-demo-docs.mjs",
    ).toEqual([]);
    const onDisk = readdirSync(join("public", "docs"), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => `/${relative("public", join(e.parentPath, e.name))}`);
    expect(onDisk.sort(), "no leftover documents").toEqual([...urls].sort());
    for (const url of urls) {
      const pdf = readFileSync(join("public", url)).toString("latin1");
      const xref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)?.[1]);
      expect(pdf.slice(xref, xref + 5), url).toBe("xref\n");
      const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
      offsets.forEach((offset, i) => expect(pdf.startsWith(`${i + 1} 0 obj\n`, offset), url).toBe(true));
      for (const m of pdf.matchAll(/<< \/Length (\d+) \/Filter \/FlateDecode >>\nstream\n/g)) {
        const start = m.index + m[0].length;
        expect(pdf.slice(start + Number(m[1]), start + Number(m[1]) + 10), url).toBe("\nendstream");
      }
    }
  });

  it("gives the demo people names of their own, none shared with the home page's team", () => {
    const home = readFileSync(join("app", "components", "home", "content.tsx"), "utf8");
    const team = [...home.slice(home.indexOf("export const TEAM")).matchAll(/name: "([^"]+)"/g)].map((m) => m[1]!);
    expect(team.length).toBeGreaterThanOrEqual(3);
    const taken = new Set(team.flatMap((name) => name.split(" ")));
    const people = [
      ...data.users.map((u) => `${u.firstName} ${u.lastName}`),
      ...data.projects.flatMap((p) => [...p.founders, ...p.team].map((person) => person.name)),
    ];
    expect(people.filter((name) => name.split(" ").some((part) => taken.has(part)))).toEqual([]);
  });
});

describe("the demo's company events (ADR 052)", () => {
  const today = new Date();
  const data = buildDemoData(today, sectorForCategory);
  const sectors = SECTORS.map((s) => s.id);
  /** The seed's checks of the data with its events changed. */
  const problems = (change: (events: typeof data.events) => void) => {
    const events = structuredClone(data.events);
    change(events);
    return validateDemoData({ ...data, events }, today, sectors);
  };
  const of = (slug: string) => data.events.filter((e) => e.projectId === `proj-${slug}`);
  const at = (id: string, events: typeof data.events) => events.find((e) => e.id === id)!;

  it("gives the demo investor's companies years of history: up, down, converted, written down, sold and shut", () => {
    expect(
      Object.fromEntries(
        ["tutorloop", "rentright", "shuttlebee", "swipeshare", "suncanopy", "gigboard"].map((slug) => [
          slug,
          of(slug).map(
            (e) => `${e.kind} ${e.markCents}${e.proceedsPerShareCents ? ` paid ${e.proceedsPerShareCents}` : ""}`,
          ),
        ]),
      ),
    ).toEqual({
      tutorloop: ["round 2400"],
      rentright: ["round 3000", "round 1300"],
      shuttlebee: ["round 1400", "acquisition 0 paid 2200"],
      swipeshare: ["write_down 600", "shutdown 0 paid 45"],
      // $5 a SAFE unit converting at 200 × min(0.8, 2.5M cap ÷ 7.5M pre-money) = 66.67¢ a share: 7.5 shares, $15 at $2
      suncanopy: ["round 1500"],
      gigboard: ["write_down 720"],
    });
    expect(of("suncanopy")[0]?.conversionPriceCents).toBeCloseTo(200 / 3, 10);
    // her first money in is more than a year old: her IRR shows
    const first = Math.min(
      ...data.investments.filter((i) => i.investorId === DEMO_INVESTOR_ID).map((i) => i.createdAt),
    );
    expect(today.getTime() - first).toBeGreaterThan(365 * 24 * 3_600_000);
  });

  it("refuses a mark the policy would not give, and events the product would refuse", () => {
    const [round] = of("tutorloop");
    const [seed, acquisition] = of("shuttlebee");
    const [up, down] = of("rentright");
    const dayAfter = (iso: string, days: number) =>
      new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const deadline = data.projects.find((p) => p.id === round!.projectId)!.fundingDeadline;
    expect(problems((events) => void (at(round!.id, events).markCents! += 1))).toContainEqual(
      expect.stringContaining("its mark is not markAfter's"),
    );
    expect(problems((events) => void (at(round!.id, events).effectiveOn = dayAfter(deadline, -1)))).toContainEqual(
      expect.stringContaining("not after its raise settled"),
    );
    expect(
      problems((events) => void (at(down!.id, events).effectiveOn = dayAfter(today.toISOString().slice(0, 10), 1))),
    ).toContainEqual(expect.stringContaining("in the future"));
    expect(problems((events) => void (at(down!.id, events).effectiveOn = up!.effectiveOn))).toContainEqual(
      expect.stringContaining("not after the company's previous event"),
    );
    expect(
      problems((events) =>
        events.push({
          ...at(seed!.id, events),
          id: "evt-after-exit",
          effectiveOn: dayAfter(acquisition!.effectiveOn, 10),
          createdAt: acquisition!.appliedAt! + 10 * 86_400_000,
          reviewedAt: acquisition!.appliedAt! + 10 * 86_400_000,
          appliedAt: acquisition!.appliedAt! + 10 * 86_400_000,
        }),
      ),
    ).toContainEqual(expect.stringContaining("after the company was acquired or shut down"));
  });
});
