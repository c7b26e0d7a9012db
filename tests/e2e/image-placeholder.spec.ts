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
  // What the person sees: the placeholder's pixels (the source swapped for it by script), or the
  // broken image covered by the placeholder (CSS alone).
  await expect
    .poll(() =>
      photo.evaluate((img: HTMLImageElement, placeholder) => {
        if (!img.complete) return "loading";
        if (img.naturalWidth > 0) return img.src.endsWith(placeholder) ? "placeholder" : `photo ${img.src}`;
        const cover = getComputedStyle(img, "::after");
        return cover.content !== "none" && cover.backgroundImage.includes(placeholder) ? "placeholder" : "broken";
      }, AVATAR_PLACEHOLDER),
    )
    .toBe("placeholder");
});
