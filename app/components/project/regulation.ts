/** Regulation information shown on the detail page and under the purchase form (spec section 2). */
import type { RegulationType } from "../../../domain/shared/types";

export const REGULATION_INFO: Record<RegulationType, { name: string; text: string }> = {
  "RegA+": {
    name: "Regulation A+",
    text: "Regulation A+ allows companies to raise up to $75 million from both accredited and non-accredited investors.",
  },
  RegCF: {
    name: "Regulation Crowdfunding",
    text: "Regulation Crowdfunding (RegCF) allows companies to raise up to $5 million from both accredited and non-accredited investors.",
  },
  SAFE: {
    name: "SAFE",
    text: "A SAFE is a Simple Agreement for Future Equity: an agreement for future equity. Investors receive shares when the company raises a priced round or is acquired.",
  },
};
