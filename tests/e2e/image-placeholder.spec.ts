/**
 * Broken images show a placeholder (spec section 2), with JavaScript on and off: the creator's
 * photo on the project page's Team tab points nowhere, and the avatar placeholder stands in for
 * it. Without JavaScript the CSS layer covers the broken image (SafeImage's `::after`); with it the
 * source is swapped for the placeholder once hydrated.
 */
import { expect, test } from "./fixtures";
import { createProjectViaApi, signUpViaApi } from "./helpers";

const AVATAR_PLACEHOLDER = "/images/avatar-default.svg";

test("a project whose creator photo is broken shows the avatar placeholder on its Team tab", async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const founder = await signUpViaApi(request, { role: "founder" });
  const project = await createProjectViaApi(request, founder.token, {
    publish: true,
    body: {
      creatorInfo: { name: "Robin Quinn", bio: "Second-year CS student.", image: "/images/e2e-no-such-photo.png" },
    },
  });
  await page.goto(`/project/${project.slug}?tab=team`);
  const photo = page.getByRole("region", { name: "Founders" }).locator("img");
  await photo.scrollIntoViewIfNeeded();
  await expect(photo).toBeVisible();
  if (javaScriptEnabled) {
    // Hydrated: the source itself is swapped for the placeholder, which loads.
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? img.src : "")))
      .toMatch(new RegExp(`${AVATAR_PLACEHOLDER}$`));
  } else {
    // CSS alone: the broken image is covered by the placeholder (`::after`, drawn only on a failed image).
    await expect
      .poll(() =>
        photo.evaluate((img: HTMLImageElement) => {
          const cover = getComputedStyle(img, "::after");
          return img.complete && img.naturalWidth === 0 && cover.content !== "none" ? cover.backgroundImage : "";
        }),
      )
      .toContain(AVATAR_PLACEHOLDER);
  }
});
