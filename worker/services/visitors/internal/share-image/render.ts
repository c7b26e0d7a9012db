/**
 * Draws a project's 1200×630 share card (ADR 039): satori lays the card out as SVG (text as
 * paths, in the bundled Inter), resvg turns the SVG into a PNG. Both run as WebAssembly: each
 * `.wasm` is imported as a compiled `WebAssembly.Module` (the Cloudflare Vite plugin's and the
 * Workers test pool's module rule; Workers refuse to compile Wasm from bytes at run time, which
 * is why satori's standalone build is used, not its default that inlines its layout engine as
 * base64) and instantiated once per isolate. The fonts are `@fontsource/inter`'s `.woff` files
 * (satori reads TTF, OTF and WOFF, not WOFF2), inlined by Vite's `?inline` as data URLs and
 * decoded once. Server only: nothing under app/ imports this module.
 */
import { Resvg, initWasm as initResvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import inter400 from "@fontsource/inter/files/inter-latin-400-normal.woff?inline";
import inter700 from "@fontsource/inter/files/inter-latin-700-normal.woff?inline";
import satori, { init as initSatori, type Font } from "satori/standalone";
import yogaWasm from "satori/yoga.wasm";

import { shareCardTree, type ShareCard, type ShareCardImage } from "./card";

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

/** A data URL's bytes (`data:font/woff;base64,…`). */
function dataUrlBytes(url: string): ArrayBuffer {
  const base64 = url.slice(url.indexOf(",") + 1);
  return Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0)).buffer;
}

let ready: Promise<Font[]> | null = null;

let drawn = 0;

/** Cards this isolate has drawn (PNGs made) since it started: how tests count renders; nothing else reads it. */
export function cardsDrawn(): number {
  return drawn;
}

/** The engines and fonts, made once per isolate (a failed start is tried again by the next call). */
function engines(): Promise<Font[]> {
  ready ??= (async () => {
    await Promise.all([initSatori(yogaWasm), initResvg(resvgWasm)]);
    return [
      { name: "Inter", data: dataUrlBytes(inter400), weight: 400, style: "normal" },
      { name: "Inter", data: dataUrlBytes(inter700), weight: 700, style: "normal" },
    ] satisfies Font[];
  })().catch((error: unknown) => {
    ready = null;
    throw error;
  });
  return ready;
}

/** The card as a PNG. Throws only if the engines fail; a caller retries without the image. */
export async function renderShareCard(card: ShareCard, image: ShareCardImage | null): Promise<Uint8Array<ArrayBuffer>> {
  const fonts = await engines();
  const svg = await satori(shareCardTree(card, image) as Parameters<typeof satori>[0], {
    width: SHARE_IMAGE_WIDTH,
    height: SHARE_IMAGE_HEIGHT,
    fonts,
  });
  const resvg = new Resvg(svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false } });
  try {
    const rendered = resvg.render();
    try {
      // resvg copies the PNG out of Wasm memory into a fresh ArrayBuffer
      const png = rendered.asPng() as Uint8Array<ArrayBuffer>;
      drawn += 1;
      return png;
    } finally {
      rendered.free();
    }
  } finally {
    resvg.free();
  }
}
