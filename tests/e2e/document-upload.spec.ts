/**
 * A founder uploads the pitch deck as a PDF (ADR 031), JavaScript on and off: chosen beside the
 * Investor Deck's URL on the edit form, stored by the save, and the project page's Documents list
 * links to it with a "PDF" label; the link downloads it from our origin.
 */
import { createProjectViaApi } from "./helpers";
import { expect, test } from "./fixtures";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const UPLOADED_PDF = /^\/uploads\/[0-9a-f-]{36}\.pdf$/;

test("a founder uploads the investor deck as a PDF, saves, and the project page's Documents list links to it", async ({
  asFounder: founder,
  page,
  request,
  javaScriptEnabled,
}) => {
  const project = await createProjectViaApi(request, founder.token);

  await page.goto(`/my-projects/edit/${project._id}`);
  if (javaScriptEnabled) await expect(page.getByText(/^\d+\/150 characters$/)).toBeVisible();
  await page
    .getByLabel("Or upload the Investor Deck (PDF)")
    .setInputFiles({ name: "deck.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: "Save to project", exact: true }).click();
  await expect(page).toHaveURL(/\/my-projects\?saved=updated$/);

  // The edit form shows the uploaded deck's address in the Investor Deck's URL field.
  await page.goto(`/my-projects/edit/${project._id}`);
  await expect(page.getByLabel("Investor Deck URL")).toHaveValue(UPLOADED_PDF);

  // Its founder previews the draft: the Documents list links the deck, labelled PDF.
  await page.goto(`/project/${project._id}`);
  const documents = page.getByRole("region", { name: "Documents" });
  const link = documents.getByRole("link", { name: "Investor Deck" });
  await expect(link).toHaveAttribute("href", UPLOADED_PDF);
  const deck = documents.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Investor Deck" }) });
  await expect(deck).toContainText("PDF");

  // The link is served from our origin: the same bytes, as a PDF download.
  const href = (await link.getAttribute("href"))!;
  const served = await request.get(href);
  expect({
    status: served.status(),
    type: served.headers()["content-type"],
    disposition: served.headers()["content-disposition"],
    bytes: (await served.body()).equals(PDF),
  }).toEqual({
    status: 200,
    type: "application/pdf",
    disposition: 'attachment; filename="Investor Deck.pdf"',
    bytes: true,
  });
});
