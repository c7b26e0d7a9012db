/**
 * An instant as the server says it (UTC, the same for every reader), and once the page runs in a
 * browser also in the reader's own time zone, in the same format: "Dec 18, 2026, 00:00 UTC
 * (Dec 17, 2026, 19:00 your time)". The server cannot know the reader's zone, so the local half
 * appears only after hydration and the first render matches the server's. `CutoffTime` is the
 * cancellation cutoff everywhere a page names it (the purchase, the receipt, the investment page,
 * the portfolio, the profile): one instant, one formatter (`cutoffText`, which the mails use too).
 */
import { useHydrated } from "../useHydrated";
import { cutoffText, INSTANT_FORMAT } from "../../../domain/money/cancellation";

const local = new Intl.DateTimeFormat("en-US", INSTANT_FORMAT);

export function LocalTime({ at, utc }: { at: number; utc: string }) {
  const hydrated = useHydrated();
  return (
    <>
      <time dateTime={new Date(at).toISOString()}>{utc}</time>
      {hydrated ? <span className="local-time"> ({local.format(at)} your time)</span> : null}
    </>
  );
}

/** The last moment an investment may be canceled (ms), in UTC and the reader's time. */
export function CutoffTime({ at }: { at: number }) {
  return <LocalTime at={at} utc={cutoffText(at)} />;
}
