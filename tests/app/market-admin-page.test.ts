/**
 * /admin's Markets section (ADR 053) without JavaScript: the Halt form posts a reason (refused
 * inline without one), the page comes back with the market halted and its reason, and Resume
 * reopens it.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { HALT_MESSAGES } from "../../domain/market/halts";
import { fundedCompany } from "../workers/others-records";
import { adminSession, page, visibleText } from "./helpers";

const text = async (res: Response) => visibleText(await res.text()).replace(/\s+/g, " ");

describe("/admin's Markets section", () => {
  it("halts a market with a reason and resumes it, with plain form posts", async () => {
    const company = await fundedCompany();
    // Traded a moment ago: first in the section's list.
    await env.DB.prepare("update markets set last_trade_at = ?2 where project_id = ?1")
      .bind(company.id, Date.now())
      .run();
    const title = (await env.DB.prepare("select title from projects where id = ?1")
      .bind(company.id)
      .first<string>("title"))!;
    const token = await adminSession();

    const refused = await page("/admin", { token, form: { intent: "halt-market", id: company.id, reason: "" } });
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain(HALT_MESSAGES.haltReasonRequired);

    const halted = await page("/admin", {
      token,
      form: { intent: "halt-market", id: company.id, reason: "Waiting for the company's statement." },
    });
    expect(halted.status).toBe(302);
    const after = await page(halted.headers.get("Location")!, { token });
    const shown = await text(after);
    expect(shown).toContain(HALT_MESSAGES.halted);
    expect(shown).toMatch(new RegExp(`${title} Halted since .+? UTC: Waiting for the company's statement\\.`));

    const resumed = await page("/admin", {
      token,
      form: { intent: "resume-market", id: company.id, reason: "The statement is out." },
    });
    expect(resumed.status).toBe(302);
    const reopened = await text(await page(resumed.headers.get("Location")!, { token }));
    expect(reopened).toContain(HALT_MESSAGES.resumed);
    expect(reopened).toContain(`${title} Trading`);
  });
});
