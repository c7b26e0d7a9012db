/**
 * With JavaScript, the Trade tab follows its market live: it listens to the market's server-sent
 * events (`GET /api/markets/{id}/events`, worker/api/markets.ts), which say when the book or
 * the trades changed, and reloads the page's data then (`useRevalidator`). The stream ends after
 * about a minute and EventSource reconnects by itself, sending the last event's id so no change in
 * between is missed. Without JavaScript a reload shows the same.
 */
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

export function useMarketEvents(projectId: string, live: boolean) {
  const revalidator = useRevalidator();
  // The latest revalidate, read when an event comes: the stream stays open across re-renders.
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });
  useEffect(() => {
    if (!live || typeof EventSource === "undefined") return;
    const source = new EventSource(`/api/markets/${encodeURIComponent(projectId)}/events`);
    const onChange = () => void revalidate.current();
    source.addEventListener("change", onChange);
    return () => {
      source.removeEventListener("change", onChange);
      source.close();
    };
  }, [projectId, live]);
}
