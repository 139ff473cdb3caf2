// A real SMTP listener for browser tests: the auth service's nodemailer transport delivers to it,
// and tests read what arrived over HTTP (GET /messages → [{to, subject, text, html, links}],
// DELETE /messages empties the box). Mails are decoded here by hand (multipart, quoted-printable,
// base64, RFC 2047 headers) because mailparser cannot be installed from this registry.
import { createServer } from "node:http";
import { createRequire } from "node:module";
import path from "node:path";

/** Splits one MIME entity into lower-cased headers (unfolded) and its raw body. */
function splitEntity(raw) {
  const sep = raw.search(/\r?\n\r?\n/);
  const head = sep < 0 ? raw : raw.slice(0, sep);
  const body = sep < 0 ? "" : raw.slice(sep).replace(/^\r?\n\r?\n/, "");
  const headers = new Map();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** Bytes (as a latin1 string) → text in the part's charset; utf-8 unless it says otherwise. */
function decodeCharset(binary, contentType) {
  const charset = /charset="?([^";\s]+)"?/i.exec(contentType ?? "")?.[1]?.toLowerCase() ?? "utf-8";
  const bytes = Buffer.from(binary, "latin1");
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return bytes.toString("utf8");
  }
}

/** Quoted-printable → bytes as a latin1 string (soft line breaks removed). */
export function decodeQuotedPrintable(input) {
  return input
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function decodeTransfer(body, encoding) {
  switch ((encoding ?? "7bit").toLowerCase()) {
    case "quoted-printable":
      return decodeQuotedPrintable(body);
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("latin1");
    default:
      return body;
  }
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`); whitespace between words is dropped. */
export function decodeHeader(value) {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, charset, enc, text) => {
      const binary =
        enc.toUpperCase() === "B"
          ? Buffer.from(text, "base64").toString("latin1")
          : decodeQuotedPrintable(text.replace(/_/g, " "));
      return decodeCharset(binary, `charset=${charset}`);
    });
}

/** Parses a raw RFC 5322 message into subject, plain text, HTML and the links in the text. */
export function parseMail(raw) {
  const top = splitEntity(raw);
  const leaves = [];
  const walk = (entity) => {
    const type = entity.headers.get("content-type") ?? "text/plain";
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      for (const piece of entity.body.split(`--${boundary}`).slice(1)) {
        if (piece.startsWith("--")) break;
        // The line break before a boundary belongs to the boundary (RFC 2046), not to the part.
        walk(splitEntity(piece.replace(/^\r?\n/, "").replace(/\r?\n$/, "")));
      }
    } else {
      leaves.push(entity);
    }
  };
  walk(top);
  const partText = (mime) => {
    const leaf = leaves.find((p) =>
      (p.headers.get("content-type") ?? "text/plain").toLowerCase().startsWith(mime),
    );
    if (!leaf) return "";
    const type = leaf.headers.get("content-type");
    return decodeCharset(decodeTransfer(leaf.body, leaf.headers.get("content-transfer-encoding")), type);
  };
  const text = partText("text/plain");
  return {
    subject: decodeHeader(top.headers.get("subject") ?? ""),
    text,
    html: partText("text/html"),
    links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
  };
}

/**
 * Starts the SMTP listener and the HTTP mailbox on 127.0.0.1. `root` is the repo root: smtp-server
 * is a devDependency of @parley/auth, so it is resolved from there.
 */
export async function startMailCapture({ root, smtpPort = 0, httpPort = 0, log = () => {} }) {
  const require = createRequire(path.join(root, "apps/auth/package.json"));
  const { SMTPServer } = require("smtp-server");
  const messages = [];

  const smtp = new SMTPServer({
    authOptional: true,
    // No TLS: nodemailer would refuse the self-signed certificate STARTTLS offers.
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", () => {
        const mail = parseMail(Buffer.concat(chunks).toString("latin1"));
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        messages.push({ to, ...mail, receivedAt: new Date().toISOString() });
        log(`mail to ${to.join(", ")}: ${mail.subject}`);
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    smtp.once("error", reject);
    smtp.listen(smtpPort, "127.0.0.1", resolve);
  });

  const http = createServer((req, res) => {
    // No keep-alive: tests poll this mailbox from several workers, and a request sent on a socket
    // the server is closing for idleness (5 s) met ECONNRESET. Every answer closes its connection.
    res.setHeader("connection", "close");
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/messages") {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "not found" }));
      return;
    }
    if (req.method === "DELETE") {
      messages.length = 0;
      res.writeHead(204);
      res.end();
      return;
    }
    const to = url.searchParams.get("to")?.toLowerCase();
    const list = to ? messages.filter((m) => m.to.includes(to)) : messages;
    res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(JSON.stringify(list));
  });
  await new Promise((resolve, reject) => {
    http.once("error", reject);
    http.listen(httpPort, "127.0.0.1", resolve);
  });

  return {
    smtpUrl: `smtp://127.0.0.1:${smtp.server.address().port}`,
    messagesUrl: `http://127.0.0.1:${http.address().port}/messages`,
    messages,
    close: () =>
      Promise.all([
        new Promise((resolve) => smtp.close(() => resolve())),
        new Promise((resolve) => http.close(() => resolve())),
      ]),
  };
}
