/**
 * The root layout's banner for an account whose address is not proved (ADR 045): its words and
 * forms (VerifyBannerBody.tsx) are a chunk fetched only for such an account, so no other page load
 * carries them. No Suspense boundary: the server renders the banner into the page (the shell waits
 * for the chunk, so a reader without JavaScript gets it whole) and hydration waits for it the same way.
 */
import { lazy } from "react";

const Body = lazy(() => import("./VerifyBannerBody").then((m) => ({ default: m.VerifyBannerBody })));

export function VerifyBanner({ email }: { email: string }) {
  return <Body email={email} />;
}
