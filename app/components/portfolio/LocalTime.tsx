/**
 * An instant as the server says it (UTC, the same for every reader), and once the page runs in a
 * browser also in the reader's own time zone: "Dec 18, 2026, 00:00 UTC (Dec 17, 7:00 PM your
 * time)". The server cannot know the reader's zone, so the local half appears only after hydration
 * and the first render matches the server's.
 */
import { useHydrated } from "../project/hooks";

const local = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

export function LocalTime({ at, utc }: { at: number; utc: string }) {
  const hydrated = useHydrated();
  return (
    <>
      <time dateTime={new Date(at).toISOString()}>{utc}</time>
      {hydrated ? <span className="local-time"> ({local.format(at)} your time)</span> : null}
    </>
  );
}
