import { CategoryBadge, StatusBadge } from "../project/StatusBadge";
import { SafeImage } from "../SafeImage";
import { categoryLabel } from "../../../domain/projects/categories";
import { formatMoney, formatNumber, formatPrice } from "../../../domain/shared/format";
import type { PurchaseFormView } from "./view";
import { raiseProgress } from "../../../domain/raises/settlement";

/** The project bought into, the investor's shares in it, and the offering's facts. */
export function PurchaseFacts({ project, ownedShares }: { project: PurchaseFormView["project"]; ownedShares: number }) {
  return (
    <>
      <div className="purchase-project">
        <SafeImage className="purchase-logo" src={project.logo} placeholder="logo" width={56} height={56} />
        <div>
          <h2 className="purchase-title">{project.title}</h2>
          <div className="purchase-badges">
            <CategoryBadge label={categoryLabel(project.category)} />
            <StatusBadge project={project} />
          </div>
          {ownedShares > 0 ? <p className="owned-shares">You own {formatNumber(ownedShares)} shares</p> : null}
        </div>
      </div>

      <dl className="purchase-facts">
        <div>
          <dt>Share price</dt>
          <dd>{formatPrice(project.sharePrice)}</dd>
        </div>
        <div>
          <dt>Company valuation</dt>
          <dd>{formatMoney(project.valuation)}</dd>
        </div>
        <div>
          <dt>Shares available</dt>
          <dd>{formatNumber(project.sharesRemaining)}</dd>
        </div>
        <div>
          <dt>Regulation type</dt>
          <dd>{project.regulationType || "SAFE"}</dd>
        </div>
        <div>
          <dt>Total fundraising</dt>
          <dd>
            {formatMoney(raiseProgress(project).amount)}{" "}
            {raiseProgress(project).returned ? "committed, returned, " : ""}
            of {formatMoney(project.fundingGoal)}
          </dd>
        </div>
        <div>
          <dt>Minimum investment</dt>
          <dd>{formatMoney(project.minInvestment)}</dd>
        </div>
      </dl>
    </>
  );
}
