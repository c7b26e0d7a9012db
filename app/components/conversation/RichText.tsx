/** Renders `domain/conversation/rich-text.ts` pieces: paragraphs, line breaks and http(s) links, all as React text. */
import { Fragment } from "react";

import { richText } from "../../../domain/conversation/rich-text";

export function RichText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className ?? "rich-text"}>
      {richText(text).map((paragraph, i) => (
        <p key={i}>
          {paragraph.map((piece, j) =>
            piece.kind === "br" ? (
              <br key={j} />
            ) : piece.kind === "link" ? (
              <a key={j} href={piece.href} rel="nofollow ugc noopener noreferrer" target="_blank">
                {piece.text}
              </a>
            ) : (
              <Fragment key={j}>{piece.text}</Fragment>
            ),
          )}
        </p>
      ))}
    </div>
  );
}
