/**
 * /settings/investor-information: the Investor Information section, and its form's action
 * (`intent=financials`): the self-declared income, net worth, accredited declaration and the
 * "Invest under the real Reg CF limits" switch, through the same service as
 * `PUT /api/users/me/financials`; the section shows the Reg CF limit, what is used and what is left.
 */
import { InvestorInformation } from "../../components/settings/InvestorInformation";
import { SettingsPage } from "../../components/settings/SettingsPage";
import { can } from "../../../domain/shared/access";
import { EMPTY_FINANCIALS } from "../../../domain/money/investor-financials-form";
import { regCfLimits } from "../../../domain/money/reg-cf";

import { actionRetryAfter } from "../../server/form.server";
import { getApp, getUser } from "../../server/guards.server";
import { saveFinancials } from "../../../worker/services/money/investor-limits";
import { loadInvestor, settingsAction } from "./settings.server";
import { useSettingsShell } from "./shell";
import type { Route } from "./+types/investor-information";

/** A refusal's `Retry-After` reaches the page door too, as the API's does. */
export const headers = actionRetryAfter;

export async function loader({ context }: Route.LoaderArgs) {
  const user = getUser(context);
  if (!user) return { canInvest: false, investor: null, investorError: null };
  return { canInvest: can(user, "invest"), ...(await loadInvestor(context, getApp(context).db, user)) };
}

export function action({ request, context }: Route.ActionArgs) {
  return settingsAction(
    request,
    context,
    {
      financials: {
        echo: true,
        save: ({ db, user, values }) => saveFinancials(db, user, values),
        savedTo: "/settings?section=investor-information&saved=financials",
      },
    },
    "Unknown action: this form can only save your investor information",
  );
}

export default function InvestorInformationPage({ loaderData, actionData }: Route.ComponentProps) {
  const shell = useSettingsShell();
  const failure = actionData ?? null;
  const { canInvest, investor, investorError } = loaderData;
  return (
    <SettingsPage shell={shell} tab="account" section="investor-information" failure={failure}>
      <InvestorInformation
        key={failure ? "refused" : `saved-${JSON.stringify(investor)}`}
        canInvest={canInvest}
        loadError={investorError}
        financials={investor?.financials ?? EMPTY_FINANCIALS}
        limits={investor?.limits ?? regCfLimits(EMPTY_FINANCIALS, 0, false)}
        failure={failure?.form === "financials" ? failure : null}
      />
    </SettingsPage>
  );
}
