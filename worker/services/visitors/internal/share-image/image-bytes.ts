/**
 * Whether image bytes hold a whole PNG or JPEG, checked by their structure before a card draws
 * them: resvg draws nothing, and says nothing, for an image it cannot decode, which would leave
 * a blank hole where the plain panel belongs. A PNG is its signature, an IHDR of a non-empty
 * size, at least one IDAT and an IEND, every chunk inside the bytes; a JPEG is its start marker,
 * a frame header (SOFn) of a non-empty size and its end marker. Compressed data inside is not
 * decoded: bytes cut short or not an image at all are what a broken upload is.
 */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function isWholePng(bytes: Uint8Array): boolean {
  if (bytes.length < 8 + 25 + 12 || !PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = (at: number) => String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
  let at = 8;
  let idat = false;
  for (let n = 0; at + 12 <= bytes.length; n++) {
    const length = view.getUint32(at);
    const name = type(at + 4);
    if (at + 12 + length > bytes.length) return false;
    if (
      n === 0 &&
      (name !== "IHDR" || length !== 13 || view.getUint32(at + 8) === 0 || view.getUint32(at + 12) === 0)
    ) {
      return false;
    }
    if (name === "IDAT") idat = true;
    if (name === "IEND") return idat;
    at += 12 + length;
  }
  return false;
}

export function isWholeJpeg(bytes: Uint8Array): boolean {
  const n = bytes.length;
  if (n < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[n - 2] !== 0xff || bytes[n - 1] !== 0xd9) return false;
  let at = 2;
  while (at + 4 <= n && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2 || at + 2 + length > n) return false;
    // SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC): the frame header, with the image's size
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = (bytes[at + 5]! << 8) | bytes[at + 6]!;
      const width = (bytes[at + 7]! << 8) | bytes[at + 8]!;
      return length >= 8 && width > 0 && height > 0;
    }
    if (marker === 0xda) return false; // scan data before any frame header
    at += 2 + length;
  }
  return false;
}
