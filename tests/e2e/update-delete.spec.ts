/**
 * Deleting a founder update asks first, with JavaScript on and off (as cancelling an investment
 * does): Delete shows 'Delete this update?' with Delete update and Keep it; only the confirmation
 * deletes.
 */
import { expect, test } from "./fixtures";
import { createProjectViaApi } from "./helpers";

test("Delete asks first; Keep it keeps the update, Delete update deletes it", async ({
  asFounder: founder,
  page,
  request,
}) => {
  const project = await createProjectViaApi(request, founder.token, { publish: true });
  const headers = { Authorization: `Bearer ${founder.token}` };
  const posted = await request.post(`/api/projects/${project._id}/updates`, {
    data: { title: "Pilot live", body: "Forty students booked rooms." },
    headers,
  });
  expect(posted.status()).toBe(201);

  await page.goto("/founder-dashboard");
  const listed = page.getByRole("link", { name: "Pilot live", exact: true });
  const question = page.getByText("Delete this update?");

  await page.getByRole("button", { name: "Delete Pilot live" }).click();
  await expect(question).toBeVisible();
  await expect(page.getByText("This cannot be undone.")).toBeVisible();
  await page.getByRole("link", { name: "Keep it" }).click();
  await expect(question).toHaveCount(0);
  await expect(listed).toBeVisible();

  await page.getByRole("button", { name: "Delete Pilot live" }).click();
  await page.getByRole("button", { name: "Delete update" }).click();
  await expect(page.getByText("Your update was deleted")).toBeVisible();
  await expect(listed).toHaveCount(0);
  const left = await request.get(`/api/projects/${project._id}/updates`, { headers });
  expect(((await left.json()) as { updates: unknown[] }).updates).toEqual([]);
});
