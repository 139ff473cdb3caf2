/**
 * The WhatsApp card's logic, apart from React: what a pasted credential becomes before it is sent,
 * the same checks as the API's contract (whatsappConnectSchema) with problems named by key (the card
 * words them in the reader's language), the API's field errors and Meta's refusals read back into
 * those keys, and Meta's quality rating as a word.
 */

export const CONNECT_FIELDS = ["phoneNumberId", "businessAccountId", "accessToken", "appSecret"] as const;
export type ConnectField = (typeof CONNECT_FIELDS)[number];
export type ConnectValues = Record<ConnectField, string>;

export const EMPTY_CONNECT: ConnectValues = {
  phoneNumberId: "",
  businessAccountId: "",
  accessToken: "",
  appSecret: "",
};

/** The contract's bounds (whatsappConnectSchema): Meta's ids in digits, the secrets in characters. */
export const CONNECT_MAX: Readonly<Record<ConnectField, number>> = {
  phoneNumberId: 32,
  businessAccountId: 32,
  accessToken: 1024,
  appSecret: 128,
};

const isId = (field: ConnectField) => field === "phoneNumberId" || field === "businessAccountId";

/**
 * Invisible characters that ride along when text is copied from a page in Arabic or from a chat:
 * the direction marks and isolates, zero-width spaces and joiners, the byte-order mark.
 */
const INVISIBLE = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;

/** Arabic-Indic (٠-٩) and Persian (۰-۹) digits as the ASCII digits Meta's ids are written in. */
function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => {
    const code = d.charCodeAt(0);
    return String(code - (code >= 0x06f0 ? 0x06f0 : 0x0660));
  });
}

/**
 * What is sent for what was typed or pasted. An id loses every space and invisible mark (Meta's
 * app may show it grouped; an Arabic keyboard types ٠-٩). A secret loses the invisible marks and the
 * line breaks a wrapped copy adds, and is trimmed; a space inside it stays, so the check can say so.
 */
export function cleanConnect(values: ConnectValues): ConnectValues {
  const out = { ...EMPTY_CONNECT };
  for (const field of CONNECT_FIELDS) {
    const text = values[field].replace(INVISIBLE, "");
    out[field] = isId(field) ? asciiDigits(text).replace(/\s+/g, "") : text.replace(/[\r\n\t]+/g, "").trim();
  }
  return out;
}

/** Why a value would be refused, one per field (the first the contract would name). */
export type FieldProblem = "required" | "digits" | "tooLong" | "characters" | "sameIds";
export type ConnectProblems = Partial<Record<ConnectField, FieldProblem>>;

/**
 * The contract's checks on cleaned values, so a mistake is named beside its field before Meta is
 * asked. One more: the two ids are different numbers (pasting one twice is a common slip, and Meta's
 * answer to it is a puzzling one).
 */
export function checkConnect(values: ConnectValues): ConnectProblems {
  const problems: ConnectProblems = {};
  for (const field of CONNECT_FIELDS) {
    const value = values[field];
    if (value === "") problems[field] = "required";
    else if (isId(field)) {
      if (value.length > CONNECT_MAX[field]) problems[field] = "tooLong";
      else if (!/^\d+$/.test(value)) problems[field] = "digits";
    } else if (value.length > CONNECT_MAX[field]) problems[field] = "tooLong";
    else if (!/^[\x21-\x7e]+$/.test(value)) problems[field] = "characters";
  }
  if (
    !problems.phoneNumberId &&
    !problems.businessAccountId &&
    values.phoneNumberId === values.businessAccountId
  )
    problems.businessAccountId = "sameIds";
  return problems;
}

/** The first field with a problem, in the form's order (the one to focus). */
export function firstProblem(problems: ConnectProblems): ConnectField | undefined {
  return CONNECT_FIELDS.find((field) => problems[field]);
}

/** The field of a VALIDATION_FAILED detail's path (`body.accessToken`), or null for another path. */
export function fieldOfServerPath(path: string): ConnectField | null {
  const parts = path.split(".").filter(Boolean);
  if (parts[0] === "body") parts.shift();
  const [head] = parts;
  return (CONNECT_FIELDS as readonly string[]).includes(head ?? "") ? (head as ConnectField) : null;
}

/** The problem a contract message names (its English, word for word), or null for another message. */
export function problemOfServerMessage(message: string): FieldProblem | null {
  const text = message.trim();
  if (/^Enter the /.test(text)) return "required";
  if (/\bdigits only\b/.test(text)) return "digits";
  if (/\bis (a number of )?at most \d+\b/.test(text)) return "tooLong";
  if (/\bno spaces or line breaks\b/.test(text)) return "characters";
  return null;
}

/**
 * The API's field errors placed on the form: each detail on a field of ours with a problem we can
 * word, or left over (`unplaced`) to be shown as they are.
 */
export function serverProblems(details: readonly { path: string; message: string }[] | undefined): {
  problems: ConnectProblems;
  unplaced: { field: ConnectField | null; message: string }[];
} {
  const problems: ConnectProblems = {};
  const unplaced: { field: ConnectField | null; message: string }[] = [];
  for (const detail of details ?? []) {
    const field = fieldOfServerPath(detail.path);
    const problem = problemOfServerMessage(detail.message);
    if (field && problem && !problems[field]) problems[field] = problem;
    else unplaced.push({ field, message: detail.message });
  }
  return { problems, unplaced };
}

/** Meta's quality rating of a number, as the card words and colours it. */
export type Quality = "green" | "yellow" | "red" | "unknown";

export function qualityOf(rating: string | null | undefined): Quality {
  const value = (rating ?? "").trim().toUpperCase();
  if (value === "GREEN") return "green";
  if (value === "YELLOW") return "yellow";
  if (value === "RED") return "red";
  return "unknown";
}

/** Meta's own words at the end of one of our messages (`… Meta said: "…"`), or null. */
export function metaSaidIn(message: string): string | null {
  const said = /\bMeta said: "([\s\S]*)"\s*$/.exec(message)?.[1]?.trim();
  return said ? said : null;
}

/** Meta's error code in one of our messages (`(error 190)`), or null. */
export function metaErrorCodeIn(message: string): string | null {
  return /\(error ([\w-]+)\)/.exec(message)?.[1] ?? null;
}

/**
 * A refused connection as the card words it, read from the API's error (its code and English
 * message): Meta refused the token, the phone number id or the account id; Meta could not be
 * reached; the plan has no WhatsApp; the number is connected already. Null for anything else
 * (shown as the API said it).
 */
export type ConnectFailure =
  | { kind: "token" | "number" | "account"; metaCode: string | null; said: string | null }
  | { kind: "unavailable"; said: string | null }
  | { kind: "plan" }
  | { kind: "takenHere" | "takenElsewhere" };

export function connectFailureOf(
  error: { code?: string; message?: string } | null | undefined,
): ConnectFailure | null {
  const code = error?.code;
  const message = error?.message ?? "";
  const meta = () => ({ metaCode: metaErrorCodeIn(message), said: metaSaidIn(message) });
  switch (code) {
    case "CHANNEL_REFUSED":
      if (/access token/i.test(message)) return { kind: "token", ...meta() };
      if (/WhatsApp Business Account ID/.test(message)) return { kind: "account", ...meta() };
      if (/phone number ID/.test(message)) return { kind: "number", ...meta() };
      return null;
    case "CHANNEL_UNAVAILABLE":
      return { kind: "unavailable", said: metaSaidIn(message) };
    case "PLAN_LIMIT_REACHED":
      return /WhatsApp/.test(message) ? { kind: "plan" } : null;
    case "CONFLICT":
      if (/one of your chatbots/.test(message)) return { kind: "takenHere" };
      if (/already connected|just connected/.test(message)) return { kind: "takenElsewhere" };
      return null;
    default:
      return null;
  }
}

/**
 * Why a channel needs attention, from its statusReason (`Meta refused the access token (error
 * 190): …`, in Meta's words after the colon): Meta's code and words, or the reason as it is.
 */
export function attentionOf(statusReason: string | null): { metaCode: string | null; said: string | null } {
  const reason = statusReason?.trim() ?? "";
  if (!reason) return { metaCode: null, said: null };
  const match = /^Meta refused the access token \(error ([\w-]+)\):\s*([\s\S]*)$/.exec(reason);
  if (match) return { metaCode: match[1] ?? null, said: match[2]?.trim() || null };
  return { metaCode: null, said: reason };
}
