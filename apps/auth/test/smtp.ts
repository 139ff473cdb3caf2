import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) URL in the plain-text part, in order. */
  links: string[];
  /** The message's header block as it arrived (folded lines kept), for checks on the headers themselves. */
  rawHeaders: string;
}

/**
 * A real SMTP server on 127.0.0.1 (what the service's nodemailer transport talks to). Mails are
 * decoded here by hand — MIME multipart, quoted-printable and base64 — since mailparser cannot be
 * installed from this registry.
 */
export async function startSmtpCatcher() {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        mails.push({ ...parseMail(Buffer.concat(chunks).toString("latin1")), to });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Waits for a mail to `to` whose subject matches, received after `since` mails. */
    async waitFor(
      to: string,
      subject: RegExp,
      { timeoutMs = 10_000, since = 0 } = {},
    ): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails
          .slice(since)
          .find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(
            `no mail to ${to} matching ${subject} (got: ${mails.map((m) => `${m.to}: ${m.subject}`).join("; ")})`,
          );
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const sep = raw.search(/\r?\n\r?\n/);
  const head = sep < 0 ? raw : raw.slice(0, sep);
  const body = sep < 0 ? "" : raw.slice(sep).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function parseMail(raw: string): Omit<ReceivedMail, "to"> {
  const top = splitPart(raw);
  const leaves: Part[] = [];
  const walk = (part: Part) => {
    const type = part.headers.get("content-type") ?? "text/plain";
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      const pieces = part.body.split(`--${boundary}`).slice(1);
      for (const piece of pieces) {
        if (piece.startsWith("--")) break;
        walk(splitPart(piece.replace(/^\r?\n/, "")));
      }
    } else leaves.push(part);
  };
  walk(top);
  const textOf = (mime: string) => {
    const leaf = leaves.find((p) =>
      (p.headers.get("content-type") ?? "text/plain").toLowerCase().startsWith(mime),
    );
    return leaf ? decodeBody(leaf.body, leaf.headers.get("content-transfer-encoding")) : "";
  };
  const text = textOf("text/plain");
  const end = raw.search(/\r?\n\r?\n/);
  return {
    rawHeaders: end < 0 ? raw : raw.slice(0, end),
    subject: decodeHeader(top.headers.get("subject") ?? ""),
    text,
    html: textOf("text/html"),
    links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
  };
}

function decodeBody(body: string, encoding = "7bit"): string {
  switch (encoding.toLowerCase()) {
    case "quoted-printable":
      return decodeQuotedPrintable(body);
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    default:
      return Buffer.from(body, "latin1").toString("utf8");
  }
}

export function decodeQuotedPrintable(input: string): string {
  const soft = input.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i];
    const hex = soft.slice(i + 1, i + 3);
    if (ch === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(soft.charCodeAt(i) & 0xff);
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=` / `?B?`). */
function decodeHeader(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g,
    (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}
