/**
 * The Team tab's people, each once (domain/projects/people.ts): the creator, founders[] and team[] merged
 * by name. Pure functions, run here in workerd with the other tests; the last block runs the rule
 * over the demo data the app ships with.
 */
import { describe, expect, it } from "vitest";

import { sectorForCategory } from "../../domain/projects/categories";
import { peopleOnce, personKey } from "../../domain/projects/people";
import { buildDemoData } from "../../db/seed-data";

describe("personKey", () => {
  it("trims, collapses spaces and ignores case", () => {
    expect(personKey("  Daniel \t  OSEI ")).toBe("daniel osei");
  });
});

describe("peopleOnce", () => {
  const creator = {
    name: "Daniel Osei",
    bio: "PhD student who ran scheduling for a shared microscopy core.",
    university: "MIT",
    experience: "3 years managing a core facility",
  };

  it("lists a person named as creator, founder and team member once, with the team role", () => {
    const people = peopleOnce(
      creator,
      [{ name: "Daniel Osei", bio: "PhD student." }],
      [{ name: "Daniel Osei", role: "CEO", bio: "Leads sales." }],
    );
    expect(people).toEqual([
      {
        name: "Daniel Osei",
        founder: true,
        role: "CEO",
        bio: "PhD student who ran scheduling for a shared microscopy core.",
        university: "MIT",
        experience: "3 years managing a core facility",
      },
    ]);
  });

  it("merges names that differ only in case and spacing, keeping the first spelling", () => {
    const people = peopleOnce(null, [{ name: " Lena  Fischer " }], [{ name: "lena fischer", role: "CTO" }]);
    expect(people).toEqual([{ name: "Lena Fischer", founder: true, role: "CTO" }]);
  });

  it("keeps the order of first mention: creator, founders, then team", () => {
    const people = peopleOnce(
      { name: "Ada", bio: "" },
      [{ name: "Ben" }, { name: "Ada" }],
      [
        { name: "Cy", role: "Designer" },
        { name: "Ben", role: "CTO" },
      ],
    );
    expect(people.map((p) => p.name)).toEqual(["Ada", "Ben", "Cy"]);
  });

  it("marks only the creator and founders as founders", () => {
    const people = peopleOnce({ name: "Ada", bio: "" }, [{ name: "Ben" }], [{ name: "Cy", role: "Designer" }]);
    expect(people.map((p) => [p.name, p.founder])).toEqual([
      ["Ada", true],
      ["Ben", true],
      ["Cy", false],
    ]);
  });

  it("takes each detail from whichever mention has it (longest text, first image)", () => {
    const people = peopleOnce(
      { name: "Ada", bio: "Short.", image: "/a.png" },
      [{ name: "Ada", bio: "A much longer biography.", experience: "Two startups", image: "/b.png" }],
      [{ name: "ada", role: "CEO", university: "Howard University" }],
    );
    expect(people).toEqual([
      {
        name: "Ada",
        founder: true,
        role: "CEO",
        bio: "A much longer biography.",
        experience: "Two startups",
        university: "Howard University",
        image: "/a.png",
      },
    ]);
  });

  it("prefers the team's role to a role given on a founder entry", () => {
    const people = peopleOnce(null, [{ name: "Ada", role: "Founder" }], [{ name: "Ada", role: "CEO" }]);
    expect(people).toEqual([{ name: "Ada", founder: true, role: "CEO" }]);
  });

  it("keeps a founder entry's role when the team does not name them", () => {
    expect(peopleOnce(null, [{ name: "Ada", role: "Founder" }], [])).toEqual([
      { name: "Ada", founder: true, role: "Founder" },
    ]);
  });

  it("leaves out entries without a name and blank details", () => {
    const people = peopleOnce({ name: "  ", bio: "Nobody" }, [{ name: "" }], [{ name: "Cy", bio: "   ", role: " " }]);
    expect(people).toEqual([{ name: "Cy", founder: false }]);
  });

  it("a project with no people has an empty team", () => {
    expect(peopleOnce(undefined, [], [])).toEqual([]);
  });
});

describe("peopleOnce over the demo projects", () => {
  const data = buildDemoData(new Date(), sectorForCategory);

  it("names each person of every demo project once", () => {
    const repeated = data.projects.flatMap((p) => {
      const keys = peopleOnce(p.creatorInfo, p.founders, p.team).map((x) => personKey(x.name));
      return keys.filter((k, i) => keys.indexOf(k) !== i).map((k) => `${p.slug}: ${k}`);
    });
    expect(repeated).toEqual([]);
  });

  it("shows every demo project's creator as a founder", () => {
    const missing = data.projects
      .filter((p) => {
        const me = peopleOnce(p.creatorInfo, p.founders, p.team).find(
          (x) => personKey(x.name) === personKey(p.creatorInfo.name),
        );
        return !me?.founder;
      })
      .map((p) => p.slug);
    expect(missing).toEqual([]);
  });

  it("keeps every demo team member's role", () => {
    const lost = data.projects.flatMap((p) => {
      const people = peopleOnce(p.creatorInfo, p.founders, p.team);
      return p.team
        .filter((t) => t.role && people.find((x) => personKey(x.name) === personKey(t.name))?.role !== t.role)
        .map((t) => `${p.slug}: ${t.name}`);
    });
    expect(lost).toEqual([]);
  });

  it("shows LabLink's two founders once each, with their roles, and one other team member", () => {
    const p = data.projects.find((x) => x.slug === "lablink")!;
    const people = peopleOnce(p.creatorInfo, p.founders, p.team);
    expect(people.map((x) => [x.name, x.role, x.founder])).toEqual([
      ["Daniel Osei", "CEO", true],
      ["Lena Fischer", "CTO", true],
      ["Marcus Hill", "Full-stack Engineer", false],
    ]);
  });
});
