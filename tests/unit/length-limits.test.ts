/**
 * Length limits are shown and refused, never cut (ADR 032): the counter (LengthCount) and the
 * server's rules measure with one function, `storedLength` (code points of the NFC, trimmed text
 * with LF line breaks), so an emoji is one character on both sides; the short forms' schemas, the
 * task manager and the project search refuse past their limit with the field's message.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import * as v from "valibot";
import { describe, expect, it } from "vitest";

import { LengthCount } from "../../app/components/form/LengthCount";
import { normalizeSearch, SEARCH_MAX_LENGTH, searchTooLong } from "../../domain/projects/project-search";
import {
  CONTACT_LIMITS,
  contactSchema,
  MAX_EMAIL,
  MAX_NAME,
  signupSchema,
  SUPPORTER_LIMITS,
  SupporterSchema,
} from "../../domain/shared/schemas";
import { MESSAGES } from "../../domain/shared/messages";
import {
  createTask,
  MAX_TASK_LENGTH,
  TASK_TEXT_MESSAGES,
  taskTextError,
  updateTask,
} from "../../domain/visitors/tasks";
import { storedLength } from "../../domain/shared/text";

/** 👩‍💻 is three code points (woman, joiner, laptop) and five UTF-16 units: counted 3, not 5. */
const emoji = (n: number) => "🚀".repeat(n);

/** The first message of a schema's refusal, or null when it accepts. */
function firstMessage(schema: v.GenericSchema, input: unknown): string | null {
  const out = v.safeParse(schema, input);
  return out.success ? null : out.issues[0].message;
}

describe("storedLength: what a limit measures, on the server and in the counter", () => {
  it("counts code points of the text as stored: an emoji is one, trailing spaces none, CRLF one", () => {
    expect({
      rockets: storedLength(emoji(150)),
      joined: storedLength("👩‍💻"),
      trimmed: storedLength("  abc  "),
      crlf: storedLength("a\r\nb"),
      nfc: storedLength("e\u0301"),
    }).toEqual({ rockets: 150, joined: 3, trimmed: 3, crlf: 3, nfc: 1 });
  });
});

describe("the counter (LengthCount) without JavaScript", () => {
  it("is a static hint with the limit, and an empty polite live region", () => {
    const html = renderToStaticMarkup(createElement(LengthCount, { controlId: "f-title", max: 1500 }));
    expect(html).toBe(
      '<p class="field-hint field-count" id="f-title-count">Up to 1,500 characters</p>' +
        '<span class="visually-hidden" aria-live="polite"></span>',
    );
  });
});

describe("the short forms refuse an over-long field with its message, in code points", () => {
  const signup = signupSchema({ requireConfirm: true, today: new Date("2026-06-01T00:00:00Z") });
  const person = {
    firstName: "Robin",
    lastName: "Quinn",
    email: "robin@example.edu",
    birthDate: "1998-03-14",
    password: "Sturdy-Pass-42",
    confirmPassword: "Sturdy-Pass-42",
  };
  const longEmail = (n: number) => `${"a".repeat(n - "@example.edu".length)}@example.edu`;

  it.each([
    ["firstName", "x".repeat(MAX_NAME + 20), MESSAGES.firstNameTooLong],
    ["lastName", "x".repeat(MAX_NAME + 20), MESSAGES.lastNameTooLong],
    ["email", longEmail(MAX_EMAIL + 20), MESSAGES.emailTooLong],
  ])("sign-up: %s over its limit is refused with its message", (field, value, message) => {
    expect(firstMessage(signup, { ...person, [field]: value })).toBe(message);
  });

  it("sign-up: names of exactly the limit are accepted, in emoji too (80 emoji are 160 UTF-16 units)", () => {
    expect(firstMessage(signup, { ...person, firstName: emoji(MAX_NAME), lastName: "x".repeat(MAX_NAME) })).toBeNull();
    expect(firstMessage(signup, { ...person, firstName: emoji(MAX_NAME + 1) })).toBe(MESSAGES.firstNameTooLong);
  });

  it("sign-up: a password over 128 characters is refused with the password's message", () => {
    const password = "Sturdy-Pass-42".padEnd(129, "q");
    expect(firstMessage(signup, { ...person, password, confirmPassword: password })).toBe(MESSAGES.passwordTooLong);
  });

  it("contact: the name and the message at their limit in emoji are accepted; one more is refused", () => {
    const contact = contactSchema({ withSubject: true });
    const ok = { name: emoji(CONTACT_LIMITS.name), email: "a@example.edu", message: emoji(CONTACT_LIMITS.message) };
    expect(firstMessage(contact, ok)).toBeNull();
    expect(firstMessage(contact, { ...ok, name: emoji(CONTACT_LIMITS.name + 1) })).toBe(MESSAGES.contactNameTooLong);
    expect(firstMessage(contact, { ...ok, message: emoji(CONTACT_LIMITS.message + 1) })).toBe(
      MESSAGES.contactMessageTooLong,
    );
  });

  it("contact: a message's line breaks count once, as the counter counts them (CRLF as posted, LF as typed)", () => {
    const contact = contactSchema({ withSubject: false });
    const lines = "x\r\n".repeat(CONTACT_LIMITS.message / 2).trim();
    expect(storedLength(lines)).toBe(CONTACT_LIMITS.message - 1);
    expect(firstMessage(contact, { name: "A", email: "a@example.edu", message: lines })).toBeNull();
  });

  it("supporters: the message at its limit in emoji is accepted; one more is refused with its message", () => {
    const ok = { name: "Sam", email: "sam@example.edu", message: emoji(SUPPORTER_LIMITS.message) };
    expect(firstMessage(SupporterSchema, ok)).toBeNull();
    expect(firstMessage(SupporterSchema, { ...ok, message: emoji(SUPPORTER_LIMITS.message + 1) })).toBe(
      MESSAGES.supportMessageTooLong,
    );
  });
});

describe("tasks: refused over the limit, never cut", () => {
  it("a task of exactly 200 characters (emoji) is added whole; 201 is refused with its message", () => {
    expect(createTask({ text: emoji(MAX_TASK_LENGTH) }, "t")?.text).toBe(emoji(MAX_TASK_LENGTH));
    expect({
      error: taskTextError("y".repeat(MAX_TASK_LENGTH + 1)),
      task: createTask({ text: "y".repeat(201) }, "t"),
    }).toEqual({ error: TASK_TEXT_MESSAGES.tooLong, task: null });
  });

  it("an over-long edit changes nothing (the same array comes back)", () => {
    const tasks = [{ id: "a", text: "Short", completed: false, priority: "medium" as const }];
    expect(updateTask(tasks, "a", { text: "z".repeat(MAX_TASK_LENGTH + 20) })).toBe(tasks);
  });
});

describe("the project search: over its limit it is refused, never cut", () => {
  it("100 characters (emoji included) is a search, kept whole; 101 is too long", () => {
    const hundred = `${emoji(50)}${"s".repeat(SEARCH_MAX_LENGTH - 50)}`;
    expect({
      hundred: searchTooLong(hundred),
      kept: normalizeSearch(hundred) === hundred,
      over: searchTooLong(`${hundred}s`),
      spaces: searchTooLong(`  ${"w ".repeat(50)}  `),
    }).toEqual({ hundred: false, kept: true, over: true, spaces: false });
  });
});
