/**
 * The API document's examples (ADR 042) for the account, profile, admin and site routes are
 * answers and bodies the routes would really give and take: each one passes its own schema.
 */
import * as v from "valibot";
import { expect, it } from "vitest";
import * as A from "../../worker/api/answers/account";
import * as AD from "../../worker/api/answers/admin";
import * as S from "../../worker/api/answers/site";
import { MessageAnswer } from "../../worker/api/answers/common";
import { ReasonBody, ReinstateBody, HideBody } from "../../domain/admin";
import { profileFormSchema } from "../../domain/profile-form";
import { publicProfileSchema } from "../../domain/public-profile-form";
import { investorFinancialsSchema } from "../../domain/investor-financials-form";
import { SupporterSchema, contactSchema } from "../../domain/schemas";
it("every example of the account, profile, admin and site operations passes its schema", () => {
  const pairs: [string, v.GenericSchema, unknown][] = [
    ["profile", A.ProfileReadAnswer, A.EXAMPLES.profile],
    ["profileSaved", A.ProfileSavedAnswer, A.EXAMPLES.profileSaved],
    ["financials", A.FinancialsAnswer, A.EXAMPLES.financials],
    ["financialsSaved", A.FinancialsSavedAnswer, A.EXAMPLES.financialsSaved],
    ["limits", A.LimitsAnswer, A.EXAMPLES.limits],
    ["publicProfile", A.PublicProfileAnswer, A.EXAMPLES.publicProfile],
    ["publicProfileSaved", A.PublicProfileSavedAnswer, A.EXAMPLES.publicProfileSaved],
    ["reviews", AD.ReviewQueueAnswer, AD.EXAMPLES.reviews],
    ["approved", AD.ProjectAnswer, AD.EXAMPLES.approved],
    ["changes", AD.ProjectAnswer, AD.EXAMPLES.changesRequested],
    ["suspended", AD.AdminUserAnswer, AD.EXAMPLES.suspended],
    ["reinstated", AD.AdminUserAnswer, AD.EXAMPLES.reinstated],
    ["hidden", AD.ModeratedUpdateAnswer, AD.EXAMPLES.hiddenUpdate],
    ["audit", AD.AuditAnswer, AD.EXAMPLES.audit],
    ["supporters", S.SupportersAnswer, S.EXAMPLES.supporters],
    ["added", S.SupporterAddedAnswer, S.EXAMPLES.supporterAdded],
    ["sent", MessageAnswer, S.EXAMPLES.contactSent],
    ["b.profile", profileFormSchema, A.EXAMPLES.profileBody],
    ["b.public", publicProfileSchema, A.EXAMPLES.publicProfileBody],
    ["b.fin", investorFinancialsSchema, A.EXAMPLES.financials],
    ["b.reason", ReasonBody, AD.EXAMPLES.reason],
    ["b.suspend", ReasonBody, AD.EXAMPLES.suspendReason],
    ["b.reinstate", ReinstateBody, AD.EXAMPLES.reinstateReason],
    ["b.hide", HideBody, AD.EXAMPLES.hide],
    ["b.supporter", SupporterSchema, S.EXAMPLES.supporter],
    ["b.contact", contactSchema({ withSubject: true }), S.EXAMPLES.contact],
    ["b.home", contactSchema({ withSubject: false }), S.EXAMPLES.homeContact],
  ];
  const refused = pairs
    .map(([name, schema, example]) => ({ name, issues: v.safeParse(schema, example).issues?.map((i) => i.message) }))
    .filter((r) => r.issues);
  expect(refused).toEqual([]);
});
