/**
 * What a project's share card shows, and its layout as the element tree satori reads (plain
 * `{ type, props }` objects: no React on the server path). Left, the project's main image (or a
 * plain panel in the brand colour with the title's initial); right, the CampusFund brand, the
 * title, the university, the funding bar, raised of goal and the days left or the status word.
 * Colours are the site's tokens (app/styles/tokens.css).
 */

/** The figures a card shows: everything that goes into its fingerprint. */
export interface ShareCard {
  title: string;
  university: string | null;
  /** "$12,400 raised of $50,000". */
  raised: string;
  /** Funding progress, 0–100. */
  percent: number;
  /** "23 days left", "1 day left", or the status word ("Funded", "Closed", "Sold Out" …). */
  timing: string;
}

/** The project's main image, as a data URL satori can embed. */
export interface ShareCardImage {
  src: string;
}

const C = {
  surface: "#ffffff",
  text: "#14213d",
  muted: "#5a6782",
  primary: "#1f4fd1",
  primarySoft: "#e8eefc",
  accent: "#0f8a6c",
  border: "#dde3ec",
};

interface Node {
  type: string;
  props: Record<string, unknown> & { style?: Record<string, unknown>; children?: unknown };
}

const el = (
  type: string,
  style: Record<string, unknown>,
  children?: unknown,
  extra: Record<string, unknown> = {},
): Node => ({
  type,
  props: { style, children, ...extra },
});

const PANEL_WIDTH = 460;

function panel(card: ShareCard, image: ShareCardImage | null): Node {
  if (image) {
    return el("img", { width: PANEL_WIDTH, height: 630, objectFit: "cover" }, undefined, {
      src: image.src,
      width: PANEL_WIDTH,
      height: 630,
    });
  }
  const initial = [...card.title.trim()][0]?.toUpperCase() ?? "C";
  return el(
    "div",
    {
      display: "flex",
      width: PANEL_WIDTH,
      height: 630,
      alignItems: "center",
      justifyContent: "center",
      backgroundColor: C.primarySoft,
      color: C.primary,
      fontSize: 220,
      fontWeight: 700,
    },
    initial,
  );
}

/** Long titles are cut to three lines by the box (satori's line clamp), never by characters here. */
export function shareCardTree(card: ShareCard, image: ShareCardImage | null): Node {
  const percent = Math.max(0, Math.min(100, card.percent));
  return el(
    "div",
    {
      display: "flex",
      width: 1200,
      height: 630,
      backgroundColor: C.surface,
      fontFamily: "Inter",
      color: C.text,
    },
    [
      panel(card, image),
      el(
        "div",
        {
          display: "flex",
          flexDirection: "column",
          flex: 1,
          padding: "56px 64px",
          justifyContent: "space-between",
          borderLeft: `1px solid ${C.border}`,
        },
        [
          el("div", { display: "flex", fontSize: 34, fontWeight: 700, color: C.primary }, "CampusFund"),
          el("div", { display: "flex", flexDirection: "column" }, [
            el(
              "div",
              { display: "block", fontSize: 60, fontWeight: 700, lineHeight: 1.12, lineClamp: 3, marginBottom: 18 },
              card.title,
            ),
            el("div", { display: "block", fontSize: 30, color: C.muted, lineClamp: 1 }, card.university ?? ""),
          ]),
          el("div", { display: "flex", flexDirection: "column" }, [
            el(
              "div",
              {
                display: "flex",
                width: "100%",
                height: 22,
                borderRadius: 11,
                backgroundColor: C.border,
                marginBottom: 22,
              },
              [
                el("div", {
                  display: "flex",
                  width: `${percent}%`,
                  height: 22,
                  borderRadius: 11,
                  backgroundColor: C.accent,
                }),
              ],
            ),
            el("div", { display: "flex", fontSize: 34, fontWeight: 700 }, card.raised),
            el("div", { display: "flex", fontSize: 28, color: C.muted, marginTop: 8 }, card.timing),
          ]),
        ],
      ),
    ],
  );
}
