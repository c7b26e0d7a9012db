/**
 * The Trade tab's order form (ADR 053): Buy or Sell, whole shares, a price per share. A plain POST
 * (`intent=order`) that works without JavaScript, carrying an idempotency key made by the loader,
 * so a form sent twice places one order. The fee is stated before the order in words; with
 * JavaScript a live preview adds the order's value, fee and net (`orderPreview`). A founder's form
 * for their own company is a buy-back: buy only, for the company.
 */
import { useState } from "react";
import { Form } from "react-router";

import { FEE_TEXT, orderPreview, type OrderSide } from "../../../domain/market/market";
import { formatPrice } from "../../../domain/shared/format";
import type { FieldErrors } from "../../../domain/shared/form-kit";
import { toDollars } from "../../../domain/shared/money";
import { Field } from "../form/Field";
import { useHydrated } from "../useHydrated";
import { Notice } from "../Notice";
import { SubmitButton } from "../SubmitButton";

export interface OrderFormFailure {
  message: string;
  errors: FieldErrors;
  values: Record<string, string>;
}

/** The preview's figures for what the fields hold, or null while they hold no order. */
function preview(side: OrderSide, sharesText: string, priceText: string) {
  if (!/^\d{1,9}$/.test(sharesText.trim())) return null;
  const price = priceText.trim().replace(/^\$/, "");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(price)) return null;
  const [whole, frac = ""] = price.split(".");
  const priceCents = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  const shares = Number(sharesText.trim());
  if (shares < 1 || priceCents < 1) return null;
  return orderPreview({ side, shares, priceCents });
}

export function OrderForm({
  action,
  projectId,
  idempotencyKey,
  buyback,
  failure,
  goodForDays,
}: {
  action: string;
  projectId: string;
  idempotencyKey: string;
  /** A founder buying back their own company's shares: buy only. */
  buyback: boolean;
  failure: OrderFormFailure | null;
  goodForDays: number;
}) {
  const hydrated = useHydrated();
  const values = failure?.values ?? {};
  const [side, setSide] = useState<OrderSide>(buyback ? "buy" : values.side === "sell" ? "sell" : "buy");
  const [shares, setShares] = useState(values.shares ?? "");
  const [price, setPrice] = useState(values.price ?? "");
  const errors = failure?.errors ?? {};
  const figures = preview(side, shares, price);
  const banner = failure && Object.keys(errors).length === 0 ? failure.message : null;

  return (
    <Form method="post" action={action} className="order-form" id="order-form" aria-labelledby="order-h">
      <h3 id="order-h">{buyback ? "Buy back shares for the company" : "Place an order"}</h3>
      {banner ? <Notice tone="error">{banner}</Notice> : null}
      <input type="hidden" name="intent" value="order" />
      <input type="hidden" name="projectId" value={projectId} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {buyback ? (
        <input type="hidden" name="side" value="buy" />
      ) : (
        <fieldset className="order-side" aria-describedby={errors.side ? "f-side-error" : undefined}>
          <legend>Side</legend>
          {(["buy", "sell"] as const).map((s) => (
            <label key={s} className="order-side-option">
              <input type="radio" name="side" value={s} checked={side === s} onChange={() => setSide(s)} />
              {s === "buy" ? "Buy" : "Sell"}
            </label>
          ))}
          {errors.side ? (
            <p className="field-error" id="f-side-error">
              {errors.side}
            </p>
          ) : null}
        </fieldset>
      )}
      <div className="order-fields">
        <Field name="shares" label="Shares" errors={errors}>
          {(p) => (
            <input
              {...p}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              required
              value={shares}
              onChange={(e) => setShares(e.target.value)}
            />
          )}
        </Field>
        <Field name="price" label="Price per share ($)" errors={errors}>
          {(p) => (
            <input
              {...p}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              required
              value={price}
              onChange={(e) => setPrice(e.target.value)}
            />
          )}
        </Field>
      </div>
      <p className="order-fee" id="order-fee">
        Fee: {FEE_TEXT} of each trade&apos;s value, paid by the seller out of the proceeds; the buyer pays shares ×
        price and no fee. A limit order trades at the best price on the book up to yours; what does not trade rests for
        up to {goodForDays} days.
      </p>
      {hydrated ? (
        <dl className="order-preview kv" aria-live="polite" data-testid="order-preview">
          <div>
            <dt>Value</dt>
            <dd>{figures ? formatPrice(toDollars(figures.valueCents)) : "—"}</dd>
          </div>
          <div>
            <dt>Fee ({side === "sell" ? FEE_TEXT : "none for the buyer"})</dt>
            <dd>{figures ? formatPrice(toDollars(figures.feeCents)) : "—"}</dd>
          </div>
          <div>
            <dt>{side === "sell" ? "You receive" : "You pay at most"}</dt>
            <dd>{figures ? formatPrice(toDollars(figures.netCents)) : "—"}</dd>
          </div>
        </dl>
      ) : null}
      <SubmitButton
        className="btn btn-primary"
        action={new URL(action, "http://x").pathname}
        pendingLabel="Placing…"
        aria-describedby="order-fee"
      >
        {buyback
          ? "Place buy-back order"
          : !hydrated
            ? "Place order"
            : side === "sell"
              ? "Place sell order"
              : "Place buy order"}
      </SubmitButton>
    </Form>
  );
}
