/**
 * A reason a person writes for an act (a reviewer's note, a suspension's reason, an approval's
 * override): required, trimmed, at most REASON_MAX characters, never cut.
 */
import { REASON_MAX } from "../../../domain/projects/review";
import { charCount } from "../../../domain/shared/fields";
import { normalizeText } from "../../../domain/shared/text";
import { invalidFields } from "./errors";

/** The body's `reason` as typed (trimmed), or a 400 on the field with `messages.required` or `messages.tooLong`. */
export function parseReason(body: unknown, messages: { required: string; tooLong: string }): string {
  const raw = body && typeof body === "object" ? (body as Record<string, unknown>).reason : undefined;
  const reason = typeof raw === "string" ? normalizeText(raw).trim() : "";
  if (!reason) throw invalidFields({ reason: messages.required }, "first");
  if (charCount(reason) > REASON_MAX) throw invalidFields({ reason: messages.tooLong }, "first");
  return reason;
}
