/**
 * The share image of a demo project through the built Worker: its main image is a
 * site image (`/images/projects/<slug>.svg`, a static asset), read through the `ASSETS` binding and
 * drawn on the card.
 */
import { describe, expect, it } from "vitest";

import { call, insertProject, unique } from "./helpers";

/** The card of a new published project titled `title` whose main image is `image`. */
async function card(title: string, image: string): Promise<Uint8Array> {
  const p = await insertProject({ title, image });
  const res = await call(`/og/project/${p.slug}.png`);
  expect(res.headers.get("Content-Type")).toBe("image/png");
  return new Uint8Array(await res.arrayBuffer());
}

describe("a demo project's share image", () => {
  it("draws its site image from the static assets, not the plain panel", async () => {
    const title = unique("Same title ");
    const drawn = await card(title, "/images/projects/quietly.svg");
    const plain = await card(title, "/images/projects/no-such-image.svg");
    expect(drawn.join() === plain.join()).toBe(false);
  });
});
