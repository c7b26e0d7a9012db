/** Money and date formatting (spec section 9: USD with no decimals, US format; short dates). */

const usd0 = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
const usd2 = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 2,
  minimumFractionDigits: 2,
});
const int = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const shortDate = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** $12,500 — whole dollars, the product's standard money display. */
export function formatMoney(dollars: number): string {
  return usd0.format(Math.round(dollars));
}

/** $2.50 — for share prices, which are often below a dollar's precision matters. */
export function formatPrice(dollars: number): string {
  return Number.isInteger(dollars) ? usd0.format(dollars) : usd2.format(dollars);
}

export function formatNumber(n: number): string {
  return int.format(n);
}

/** "Nov 21, 2026" */
export function formatDate(iso: string | number | Date): string {
  const d = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return shortDate.format(d);
}

/** "Nov 21, 2026, 14:05 UTC": when something happened, the same for every reader. */
export function formatDateTime(iso: string | number | Date): string {
  const d = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${shortDate.format(d)}, ${d.toISOString().slice(11, 16)} UTC`;
}

export function formatPercent(value: number, decimals: number): string {
  return `${value.toFixed(decimals)}%`;
}

export function capitalize(value: string): string {
  return value ? value.charAt(0).toUpperCase() + value.slice(1) : value;
}
