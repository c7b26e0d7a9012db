/**
 * A submit button that shows `pendingLabel` and disables itself while its form (posting to the
 * current path, or to `action`) is submitting or loading the page the action redirected to.
 * Without JavaScript it is a plain submit button.
 */
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { useLocation, useNavigation } from "react-router";

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  pendingLabel: ReactNode;
  /** The path the form posts to; defaults to the current path. */
  action?: string;
};

export function SubmitButton({
  children,
  pendingLabel,
  action,
  className = "btn btn-primary btn-block btn-lg",
  disabled,
  ...rest
}: Props) {
  const navigation = useNavigation();
  const location = useLocation();
  const target = action ?? location.pathname;
  const pending =
    navigation.state !== "idle" &&
    navigation.formMethod != null &&
    navigation.formMethod.toUpperCase() !== "GET" &&
    navigation.formAction != null &&
    new URL(navigation.formAction, "http://localhost").pathname === target;
  return (
    <button
      type="submit"
      className={className}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...rest}
    >
      {pending ? pendingLabel : children}
    </button>
  );
}
