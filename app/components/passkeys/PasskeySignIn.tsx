/**
 * A passkey button for /signin (a sign-in without a password) and /signin/verify (the second step)
 * (ADR 054). It needs JavaScript, so it appears only once the page runs it: without JavaScript the
 * page's password or code form is the way in. A press gets the options (`options`), asks the
 * browser for the passkey, then posts its answer to the page's own action (`intent=passkey`), with
 * the sign-in's intent fields, so the action sets the cookies and goes where the sign-in was headed.
 */
import { useState } from "react";
import { useNavigation, useSubmit } from "react-router";

import { FormMessage } from "../FormMessage";
import { useHydrated } from "../useHydrated";
import { getPasskey } from "./webauthn";

type Options = { ok: true; data: { options: unknown } } | { ok: false; message: string };

export function PasskeySignIn({
  label,
  fields,
  options,
}: {
  label: string;
  /** The sign-in's intent (hidden fields, ADR 034). */
  fields: Record<string, string>;
  options: () => Promise<Options>;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!hydrated) return null;
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "passkey";

  async function onClick() {
    setBusy(true);
    setError(null);
    const got = await options();
    const passkey = got.ok ? await getPasskey(got.data.options) : got;
    setBusy(false);
    if (!passkey.ok) {
      setError(passkey.message);
      return;
    }
    await submit(
      { ...fields, intent: "passkey", passkeyResponse: JSON.stringify(passkey.response) },
      { method: "post" },
    );
  }

  return (
    <div className="stack passkey-sign-in">
      <FormMessage error={error} id="passkey-error" />
      <button
        type="button"
        className="btn btn-secondary btn-block"
        disabled={busy || sending}
        onClick={() => void onClick()}
      >
        {busy || sending ? "Waiting for Your Passkey…" : label}
      </button>
    </div>
  );
}
