import { describe, expect, it } from "vitest";

import { richText } from "../../domain/conversation/rich-text";

describe("rich text (updates, questions, answers)", () => {
  it("splits paragraphs on blank lines and keeps single newlines as breaks", () => {
    expect(richText("One\ntwo\n\n\nThree")).toEqual([
      [{ kind: "text", text: "One" }, { kind: "br" }, { kind: "text", text: "two" }],
      [{ kind: "text", text: "Three" }],
    ]);
  });

  it("links http(s) URLs, leaving sentence punctuation and balanced parentheses right", () => {
    expect(richText("See https://example.edu/deck.pdf. Or (https://en.wikipedia.org/wiki/Foo_(bar)).")).toEqual([
      [
        { kind: "text", text: "See " },
        { kind: "link", href: "https://example.edu/deck.pdf", text: "https://example.edu/deck.pdf" },
        { kind: "text", text: "." },
        { kind: "text", text: " Or (" },
        {
          kind: "link",
          href: "https://en.wikipedia.org/wiki/Foo_(bar)",
          text: "https://en.wikipedia.org/wiki/Foo_(bar)",
        },
        { kind: "text", text: ")." },
      ],
    ]);
  });

  it("never links javascript:, data: or markup: they stay text", () => {
    const text =
      '<a href="javascript:alert(1)">x</a> javascript:alert(1) data:text/html,<b>hi</b> [x](javascript:alert(1))';
    const pieces = richText(text).flat();
    expect(pieces.some((p) => p.kind === "link")).toBe(false);
    expect(pieces.map((p) => (p.kind === "text" ? p.text : "")).join("")).toBe(text);
  });
});
