/**
 * What waits for an investor's reconfirmation after an approved material change (ADR 050): the
 * portfolio's list of them, and the investment page's one step to reconfirm or cancel. Plain
 * forms: they work without JavaScript.
 */
import { Form, href, Link } from "react-router";

import { CutoffTime } from "../portfolio/LocalTime";

export interface ReconfirmView {
  investmentId: string;
  projectTitle: string;
  changed: string;
  dueAt: string;
}

/** The reconfirmation's due instant as every instant is written: UTC, and the reader's time beside. */
const Due = ({ iso }: { iso: string }) => <CutoffTime at={Date.parse(iso)} />;

export function ReconfirmList({ items }: { items: ReconfirmView[] }) {
  if (!items.length) return null;
  return (
    <section className="alert alert-warning reconfirm-list" aria-labelledby="reconfirm-title">
      <h2 id="reconfirm-title" className="reconfirm-title">
        {items.length === 1
          ? "An investment needs your reconfirmation"
          : `${items.length} investments need your reconfirmation`}
      </h2>
      <ul>
        {items.map((r) => (
          <li key={r.investmentId}>
            <strong>{r.projectTitle}</strong> changed its {r.changed}. Reconfirm by <Due iso={r.dueAt} />, or your
            investment will be canceled and your money returned.{" "}
            <Link to={href("/portfolio/investments/:id", { id: r.investmentId })}>
              Review and reconfirm<span className="visually-hidden"> your investment in {r.projectTitle}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ReconfirmStep({ r, action }: { r: ReconfirmView; action: string }) {
  return (
    <section className="inv-reconfirm card" id="reconfirm" aria-labelledby="inv-reconfirm-title">
      <h2 id="inv-reconfirm-title" className="inv-cancel-title">
        Please reconfirm your investment
      </h2>
      <p>
        {r.projectTitle} changed its {r.changed} after you invested, and CampusFund reviewed and approved the change.
        Regulation Crowdfunding asks you to reconfirm: if you do not by{" "}
        <strong>
          <Due iso={r.dueAt} />
        </strong>
        , your investment is canceled and your money returned.
      </p>
      <Form method="post" action={action} className="purchase-actions inv-actions">
        <button type="submit" name="intent" value="reconfirm" className="btn btn-primary">
          Reconfirm my investment
        </button>
        <button type="submit" name="intent" value="cancel" className="btn btn-danger">
          Cancel my investment
        </button>
      </Form>
    </section>
  );
}
