/**
 * An image that shows a placeholder instead of the browser's broken-image icon when it fails to
 * load (spec section 2: broken images fall back to a placeholder). Used for every image a founder
 * chose that a public page shows: project cards, the project's main image and university logo, the
 * gallery, the team's and the creator's photos, and the purchase page's logo.
 *
 * Two layers, so it holds without JavaScript too:
 * - CSS (app.css, `.safe-img`): browsers render an `::after` box only on an image that failed to
 *   load; it covers the broken icon and the alt text with the placeholder. A loaded image (even a
 *   transparent logo) shows nothing of it.
 * - Once hydrated, a failure (`onError`, or one that happened before hydration: complete with no
 *   pixels, confirmed by `decode()`, which an SVG without an intrinsic size passes) swaps the source
 *   for the placeholder and marks the image `data-failed`.
 */
import { type ImgHTMLAttributes, useEffect, useRef, useState } from "react";

export const PLACEHOLDERS = {
  project: "/images/placeholder-project.svg",
  avatar: "/images/avatar-default.svg",
  logo: "/images/placeholder-logo.svg",
} as const;

export type PlaceholderKind = keyof typeof PLACEHOLDERS;

export function SafeImage({
  src,
  placeholder,
  alt = "",
  className,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "onError"> & {
  /** The image; none (null or empty) shows the placeholder. */
  src: string | null | undefined;
  /** Which placeholder stands in: a project picture, a person or a logo. */
  placeholder: PlaceholderKind;
}) {
  const ref = useRef<HTMLImageElement>(null);
  // The source that failed (a new `src` is tried afresh).
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = !!src && failedSrc === src;

  useEffect(() => {
    const img = ref.current;
    if (!src || !img || failed) return;
    // It failed before React was listening: `onError` will not fire again.
    if (img.complete && img.naturalWidth === 0) {
      img.decode().catch(() => setFailedSrc(src));
    }
  }, [src, failed]);

  return (
    <img
      {...rest}
      ref={ref}
      src={!src || failed ? PLACEHOLDERS[placeholder] : src}
      alt={alt}
      className={className ? `safe-img ${className}` : "safe-img"}
      data-placeholder={placeholder}
      data-failed={failed ? "true" : undefined}
      onError={!src || failed ? undefined : () => setFailedSrc(src)}
    />
  );
}
