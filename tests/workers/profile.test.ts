/**
 * The profile edit form (spec section 5 "Profile edit form", section 8 profile messages): the
 * schema every door runs (`validateProfile`, `constraintsOf`) and the API through the real
 * middleware (`PUT /api/users/me`, `GET /api/users/me/profile`).
 */
import { describe, expect, it } from "vitest";

import { constraintsOf } from "../../domain/shared/form-kit";
import { PROFILE_MESSAGES as M, profileFormSchema, validateProfile } from "../../domain/accounts/profile-form";
import { call, json, signup } from "./helpers";

const valid = () => ({
  firstName: "Ada",
  lastName: "Lovelace",
  phoneNumber: "+1 (555) 010-2030",
  bio: "Backs climate startups.",
  investmentPreferences: {
    riskTolerance: "high",
    timeHorizon: "long",
    preferredSectors: ["Fintech", "Healthcare"],
    investmentGoals: ["Growth"],
  },
});

function errorsOf(body: unknown) {
  const r = validateProfile(body);
  return r.ok ? {} : r.errors;
}

describe("validateProfile", () => {
  it("accepts a complete profile", () => {
    const r = validateProfile(valid());
    expect(r.ok).toBe(true);
  });

  it.each([undefined, "", "   ", null])("requires the first and last name (%j)", (name) => {
    const errors = errorsOf({ ...valid(), firstName: name, lastName: name });
    expect(errors.firstName).toBe(M.firstNameRequired);
    expect(errors.lastName).toBe(M.lastNameRequired);
  });

  it("marks the names required in the markup, and nothing else", () => {
    expect(constraintsOf(profileFormSchema, "firstName").required).toBe(true);
    expect(constraintsOf(profileFormSchema, "lastName").required).toBe(true);
    expect(constraintsOf(profileFormSchema, "phoneNumber").required).toBeFalsy();
    expect(constraintsOf(profileFormSchema, "bio").maxLength).toBe(1000);
  });

  it.each(["+44 20 7946 0958", "555-0100-22", "(555) 010 2030", ""])("accepts the phone %j", (phone) => {
    expect(errorsOf({ ...valid(), phoneNumber: phone }).phoneNumber).toBeUndefined();
  });

  it.each(["12345", "call me", "+1 555 0100 x12", "1234567890123456", "++15550100"])(
    "refuses the phone %j",
    (phone) => {
      expect(errorsOf({ ...valid(), phoneNumber: phone }).phoneNumber).toBe(M.phoneInvalid);
    },
  );

  it("takes a bio of at most 1,000 characters", () => {
    expect(errorsOf({ ...valid(), bio: "a".repeat(1000) }).bio).toBeUndefined();
    expect(errorsOf({ ...valid(), bio: "a".repeat(1001) }).bio).toBe("Bio must be at most 1,000 characters");
  });

  it("takes preferences from the fixed lists only", () => {
    const errors = errorsOf({
      ...valid(),
      investmentPreferences: {
        riskTolerance: "extreme",
        timeHorizon: "forever",
        preferredSectors: ["Technology", "Crypto"],
        investmentGoals: ["Get rich"],
      },
    });
    expect(errors).toEqual({
      "investmentPreferences.riskTolerance": M.riskTolerance,
      "investmentPreferences.timeHorizon": M.timeHorizon,
      "investmentPreferences.preferredSectors": M.sectors,
      "investmentPreferences.investmentGoals": M.goals,
    });
  });

  it("reads comma-separated sectors, forgiving case and repeats, in the list's order", () => {
    const r = validateProfile({
      ...valid(),
      investmentPreferences: { preferredSectors: " healthcare, TECHNOLOGY ,healthcare,", riskTolerance: " Low " },
    });
    expect(r.ok && r.value.investmentPreferences).toEqual({
      preferredSectors: ["Technology", "Healthcare"],
      riskTolerance: "low",
    });
  });

  it("never reads the email or the role", () => {
    const r = validateProfile({ ...valid(), email: "evil@example.edu", role: "admin" });
    expect(r.ok).toBe(true);
    expect(r.ok && Object.keys(r.value)).not.toContain("email");
    expect(r.ok && Object.keys(r.value)).not.toContain("role");
  });
});

describe("PUT /api/users/me and GET /api/users/me/profile", () => {
  it("saves the profile and reads it back", async () => {
    const { token } = await signup();
    const res = await call("/api/users/me", { method: "PUT", token, body: valid() });
    expect(res.status).toBe(200);
    const out = await json<{ message: string }>(res);
    expect(out.message).toBe(M.saved);

    const read = await json<{ profile: Record<string, unknown> }>(await call("/api/users/me/profile", { token }));
    expect(read.profile).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      phoneNumber: "+1 (555) 010-2030",
      bio: "Backs climate startups.",
      investmentPreferences: {
        riskTolerance: "high",
        timeHorizon: "long",
        preferredSectors: ["Fintech", "Healthcare"],
        investmentGoals: ["Growth"],
      },
    });
  });

  it("starts from the spec's default preferences", async () => {
    const { token } = await signup();
    const read = await json<{ profile: Record<string, unknown> }>(await call("/api/users/me/profile", { token }));
    expect(read.profile.investmentPreferences).toEqual({
      riskTolerance: "medium",
      timeHorizon: "medium",
      preferredSectors: ["Technology", "Real Estate"],
      investmentGoals: ["Growth", "Income"],
    });
  });

  it("answers 400 with every field's error and writes nothing", async () => {
    const { token, user } = await signup();
    const res = await call("/api/users/me", {
      method: "PUT",
      token,
      body: { ...valid(), firstName: " ", phoneNumber: "nope", bio: "b".repeat(1001) },
    });
    expect(res.status).toBe(400);
    const out = await json<{ errors: Record<string, string> }>(res);
    expect(out.errors).toEqual({
      firstName: M.firstNameRequired,
      phoneNumber: M.phoneInvalid,
      bio: "Bio must be at most 1,000 characters",
    });
    const read = await json<{ profile: Record<string, unknown> }>(await call("/api/users/me/profile", { token }));
    expect(read.profile.firstName).toBe("Ada");
    expect(read.profile.lastName).toBe("Lovelace");
    expect(read.profile.phoneNumber).toBeNull();
    expect(read.profile.id).toBe(user.id);
  });

  it("ignores an email or role in the body", async () => {
    const { token, user } = await signup();
    const res = await call("/api/users/me", {
      method: "PUT",
      token,
      body: { ...valid(), email: "taken-over@example.edu", role: "admin" },
    });
    expect(res.status).toBe(200);
    const read = await json<{ profile: Record<string, unknown> }>(await call("/api/users/me/profile", { token }));
    expect(read.profile.email).toBe(user.email);
    expect(read.profile.role).toBe("investor");
  });

  it("keeps what an API client leaves out, and clears what it sends empty", async () => {
    const { token } = await signup();
    await call("/api/users/me", { method: "PUT", token, body: valid() });
    await call("/api/users/me", { method: "PUT", token, body: { firstName: "Ada", lastName: "King", bio: "" } });
    const read = await json<{ profile: Record<string, unknown> }>(await call("/api/users/me/profile", { token }));
    expect(read.profile).toMatchObject({ lastName: "King", bio: null, phoneNumber: "+1 (555) 010-2030" });
    expect(read.profile.investmentPreferences).toMatchObject({ riskTolerance: "high" });
  });

  it("refuses a visitor with the spec's message", async () => {
    const res = await call("/api/users/me", { method: "PUT", body: valid() });
    expect(res.status).toBe(401);
    expect((await json<{ message: string }>(res)).message).toBe(M.signedOut);
    expect((await call("/api/users/me/profile")).status).toBe(401);
  });

  it("changes only the viewer's own account", async () => {
    const me = await signup();
    const other = await signup("investor", { firstName: "Grace", lastName: "Hopper" });
    const res = await call("/api/users/me", {
      method: "PUT",
      token: me.token,
      body: { ...valid(), id: other.user.id, firstName: "Mallory" },
    });
    expect(res.status).toBe(200);
    const theirs = await json<{ profile: Record<string, unknown> }>(
      await call("/api/users/me/profile", { token: other.token }),
    );
    expect(theirs.profile).toMatchObject({ firstName: "Grace", lastName: "Hopper", phoneNumber: null, bio: null });
    const mine = await json<{ profile: Record<string, unknown> }>(
      await call("/api/users/me/profile", { token: me.token }),
    );
    expect(mine.profile.firstName).toBe("Mallory");
  });

  it("takes the form's dotted names as a form-encoded body", async () => {
    const { token } = await signup();
    const body = new URLSearchParams({
      firstName: "Ada",
      lastName: "Lovelace",
      "investmentPreferences.riskTolerance": "low",
      "investmentPreferences.preferredSectors": "Education, Energy",
    }).toString();
    const res = await call("/api/users/me", {
      method: "PUT",
      token,
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
    const read = await json<{ profile: { investmentPreferences: Record<string, unknown> } }>(
      await call("/api/users/me/profile", { token }),
    );
    expect(read.profile.investmentPreferences).toMatchObject({
      riskTolerance: "low",
      preferredSectors: ["Education", "Energy"],
    });
  });
});
