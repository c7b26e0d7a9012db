import { describe, expect, it } from "vitest";

import { fullScans } from "../workers/query-plans";

const plan = (...details: string[]) => details.map((detail) => ({ detail }));

describe("the query-plan check's reading of a plan", () => {
  it("a search on an index reads a range: no problem", () => {
    expect(
      fullScans(
        "select * from investments i where i.project_id = ?",
        plan("SEARCH i USING INDEX investments_project_idx (project_id=?)"),
      ),
    ).toEqual([]);
  });

  it("a plain scan of a growing table is reported under its table's name, alias or not", () => {
    expect(fullScans('select count(*) from "supporters"', plan("SCAN supporters"))).toEqual([
      "SCAN supporters  [supporters]",
    ]);
    expect(fullScans("select * from notifications as n where n.kind = ?", plan("SCAN n"))).toEqual([
      "SCAN n  [notifications]",
    ]);
  });

  it("a covering-index scan still reads every entry", () => {
    expect(
      fullScans(
        "select count(*) from supporters",
        plan("SCAN supporters USING COVERING INDEX supporters_email_lower_uq"),
      ),
    ).toEqual(["SCAN supporters USING COVERING INDEX supporters_email_lower_uq  [supporters]"]);
  });

  it("an index-ordered walk stops at a LIMIT, unless the plan sorts afterwards", () => {
    const sql = "select * from users order by created_at desc limit 3";
    expect(fullScans(sql, plan("SCAN users USING INDEX users_created_idx"))).toEqual([]);
    expect(fullScans(sql, plan("SCAN users USING INDEX users_created_idx", "USE TEMP B-TREE FOR ORDER BY"))).toEqual([
      "SCAN users USING INDEX users_created_idx  [users]",
    ]);
    expect(
      fullScans("select * from users order by created_at", plan("SCAN users USING INDEX users_created_idx")),
    ).toEqual(["SCAN users USING INDEX users_created_idx  [users]"]);
  });

  it("a whole read of an index on the accepted list (with its reason) is not reported; of another, it is", () => {
    const sql = "select id from projects where status not in (?, ?) order by featured limit 12";
    expect(fullScans(sql, plan("SCAN projects USING COVERING INDEX projects_browse_idx"))).toEqual([]);
    expect(fullScans(sql, plan("SCAN projects USING COVERING INDEX projects_updated_idx"))).toEqual([
      "SCAN projects USING COVERING INDEX projects_updated_idx  [projects]",
    ]);
  });

  it("subqueries, CTEs, the full-text index and constant rows are not tables", () => {
    expect(
      fullScans(
        "select * from projects join (select rowid from projects_fts where projects_fts match ?) as hits on 1 where projects.id = ?",
        plan(
          "SCAN hits",
          "SCAN projects_fts VIRTUAL TABLE INDEX 0:M1",
          "SCAN CONSTANT ROW",
          "SEARCH projects USING INDEX x (id=?)",
        ),
      ),
    ).toEqual([]);
  });
});
