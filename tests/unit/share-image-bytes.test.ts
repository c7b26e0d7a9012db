/**
 * The check a share card makes before drawing a main image (worker/services/visitors/internal/share-image/image-bytes.ts):
 * whole PNGs and JPEGs pass; bytes cut short, a signature followed by anything, and a frame of
 * no size do not (resvg would silently leave a hole where the plain panel belongs).
 */
import { describe, expect, it } from "vitest";

import { isWholeJpeg, isWholePng } from "../../worker/services/visitors/internal/share-image/image-bytes";

/** A real 1×1 PNG (the Workers tests' TINY_PNG). */
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (ch) => ch.charCodeAt(0),
);

/** A JPEG's markers around a baseline frame header of `width`×`height` (no real scan data). */
function jpeg(width: number, height: number): Uint8Array {
  return new Uint8Array([
    0xff,
    0xd8, // SOI
    0xff,
    0xe0,
    0x00,
    0x04,
    0x00,
    0x00, // APP0, 2 bytes of payload
    0xff,
    0xc0,
    0x00,
    0x0b,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x01,
    0x01,
    0x11,
    0x00, // SOF0
    0xff,
    0xda,
    0x00,
    0x02,
    0x00, // SOS, then (here) no entropy-coded data
    0xff,
    0xd9, // EOI
  ]);
}

describe("isWholePng", () => {
  it("accepts a whole PNG", () => {
    expect(isWholePng(PNG)).toBe(true);
  });

  it("refuses the signature followed by anything else, a PNG cut short, and nothing", () => {
    const signatureOnly = new Uint8Array([
      ...PNG.subarray(0, 8),
      ...new TextEncoder().encode("not really a png at all, no"),
    ]);
    const cases = [signatureOnly, PNG.subarray(0, PNG.length - 12), PNG.subarray(0, 40), new Uint8Array()];
    expect(cases.map(isWholePng)).toEqual([false, false, false, false]);
  });
});

describe("isWholeJpeg", () => {
  it("accepts a JPEG with a frame header of a size", () => {
    expect(isWholeJpeg(jpeg(640, 480))).toBe(true);
  });

  it("refuses a frame of no size, a JPEG cut short, and the start marker alone", () => {
    const whole = jpeg(640, 480);
    const cases = [jpeg(0, 480), whole.subarray(0, whole.length - 2), new Uint8Array([0xff, 0xd8, 0xff, 0xd9])];
    expect(cases.map(isWholeJpeg)).toEqual([false, false, false]);
  });
});
