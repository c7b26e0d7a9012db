/**
 * QR codes drawn on the server (ADR 054): `uqr` encodes, no outside service sees the secret. The
 * SVG is inlined in the page, so it is checked to be only uqr's rectangle and path (numbers and
 * fixed words): nothing a person typed can reach it.
 */
import { renderSVG } from "uqr";

/** What a screen reader says for the authenticator's QR code (the secret is shown as text beside it). */
export const TOTP_QR_LABEL = "QR code that adds CampusFund to an authenticator app";

const SAFE_SVG =
  /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+"><rect fill="white" width="\d+" height="\d+"\/><path fill="black" d="[Mhvz0-9,-]*"\/><\/svg>$/;

/** The QR code of `text` as an SVG image with a text alternative (role="img", a <title>). */
export function qrSvg(text: string): string {
  const svg = renderSVG(text, { ecc: "M", border: 2, pixelSize: 4 });
  if (!SAFE_SVG.test(svg)) throw new Error("qrSvg: uqr drew something other than a rectangle and a path");
  return svg
    .replace("<svg ", `<svg role="img" aria-label="${TOTP_QR_LABEL}" class="totp-qr-image" `)
    .replace("<rect ", `<title>${TOTP_QR_LABEL}</title><rect `);
}
