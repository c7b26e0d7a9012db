/** The error box at the top of a form: the action's message, announced by screen readers. */
import { AlertIcon } from "./icons";

export function FormMessage({ error, id }: { error?: string | null; id?: string }) {
  if (!error) return null;
  return (
    <div className="alert alert-error" role="alert" id={id}>
      <AlertIcon tone="error" />
      <div>{error}</div>
    </div>
  );
}
