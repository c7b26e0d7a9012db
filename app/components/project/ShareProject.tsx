/**
 * Share a published project, in the project page's hero under Follow.
 *
 * Without JavaScript (and until the page has hydrated): "Share on LinkedIn" and "Share on X" are
 * plain links opening the networks' share pages in a new tab, and the project's canonical link sits
 * in a read-only field labelled "Project link", to select and copy by hand. Once hydrated the
 * browser adds one button beside the field: "Share" where it has the Web Share API (the system's
 * share sheet; a cancelled share says nothing), else "Copy link", confirmed by "Link copied" in a
 * polite live region. The links stay either way. Kept small: it is in the project page's bundle.
 */
import { useId, useState, useSyncExternalStore } from "react";

type Mode = "links" | "native" | "copy";

const noSubscription = () => () => {};

/** "links" on the server and while hydrating; then what this browser can do. */
function useShareMode(): Mode {
  return useSyncExternalStore(
    noSubscription,
    () => (typeof navigator.share === "function" ? "native" : "copy"),
    () => "links",
  );
}

const NEW_TAB = <span className="visually-hidden"> (opens in a new tab)</span>;

export function ShareProject({ url, title, text }: { url: string; title: string; text: string }) {
  const mode = useShareMode();
  const [said, setSaid] = useState("");
  const id = useId();
  const field = `${id}-url`;
  const link = encodeURIComponent(url);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setSaid("Link copied");
    } catch {
      // No clipboard (refused, or not a secure page): the link is selected for a manual copy.
      const input = document.getElementById(field) as HTMLInputElement | null;
      input?.select();
      setSaid("Copy the selected link");
    }
  };
  const share = () =>
    navigator.share({ title, text, url }).catch((e: unknown) => {
      if ((e as Error)?.name !== "AbortError") void copy();
    });

  return (
    <div className="share" role="group" aria-labelledby={`${id}-title`}>
      <p className="share-title" id={`${id}-title`}>
        Share this project
      </p>
      <div className="share-actions">
        <a
          className="btn btn-sm share-button"
          href={`https://www.linkedin.com/sharing/share-offsite/?url=${link}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          Share on LinkedIn{NEW_TAB}
        </a>
        <a
          className="btn btn-sm share-button"
          href={`https://x.com/intent/post?url=${link}&text=${encodeURIComponent(title)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          Share on X{NEW_TAB}
        </a>
      </div>
      <label className="share-label" htmlFor={field}>
        Project link
      </label>
      <div className="share-copy">
        <input
          id={field}
          className="share-url"
          type="text"
          value={url}
          readOnly
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
        />
        {mode === "links" ? null : (
          <button type="button" className="btn btn-sm share-button" onClick={mode === "native" ? share : copy}>
            {mode === "native" ? "Share" : "Copy link"}
          </button>
        )}
      </div>
      <p className="share-status" role="status">
        {said}
      </p>
    </div>
  );
}
