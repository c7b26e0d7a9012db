/**
 * What an investment's pages (the investment, its receipt) show when they cannot show it: its
 * loader's refusal ('Investment not found' for someone else's or an unknown id) and the route's
 * error boundary, both leading back to the portfolio. One place, so the two pages say it alike.
 */
import { ErrorPanel } from "../ErrorPanel";
import { refusedFormMessage } from "../form/refused";

/** A loader's refusal: "Investment Not Found" for a 404, else the page's own title. */
export function InvestmentRefusal({ title, status, message }: { title: string; status: number; message: string }) {
  return (
    <ErrorPanel
      title={status === 404 ? "Investment Not Found" : title}
      message={message}
      alert
      to="/portfolio"
      linkLabel="Back to portfolio"
    />
  );
}

/** A route's error boundary: the refusal's own message, else `fallback`. */
export function investmentErrorBoundary(title: string, fallback: string) {
  return function InvestmentErrorBoundary({ error }: { error: unknown }) {
    return (
      <ErrorPanel
        title={title}
        message={refusedFormMessage(error) ?? fallback}
        alert
        to="/portfolio"
        linkLabel="Back to portfolio"
      />
    );
  };
}
