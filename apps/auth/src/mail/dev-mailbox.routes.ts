import { randomBytes } from "node:crypto";
import { type CspDirectives, cspWithStyleNonce } from "@parley/config/security-headers";
import { escapeHtml } from "@parley/ui/mail";
import type { FastifyInstance } from "fastify";
import type { DevMailbox } from "./dev-mailbox";

/** `GET /dev/mailbox` (HTML) and `/dev/mailbox.json`: the mails a developer would have received. */
export async function devMailboxRoutes(
  app: FastifyInstance,
  opts: { mailbox: DevMailbox; csp: CspDirectives },
) {
  const { mailbox } = opts;
  app.get("/dev/mailbox.json", async (_req, reply) => {
    return reply.header("cache-control", "no-store").send({ mails: mailbox.list() });
  });
  app.get("/dev/mailbox", async (_req, reply) => {
    const nonce = randomBytes(16).toString("base64");
    const mails = mailbox.list();
    const items = mails
      .map(
        (m) => `<li>
<p class="meta"><time datetime="${escapeHtml(m.sentAt)}">${escapeHtml(m.sentAt.replace("T", " ").slice(0, 19))}</time> · to <strong>${escapeHtml(m.to)}</strong></p>
<p class="subject">${escapeHtml(m.subject)}</p>
<p><a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p>
<details><summary>Text</summary><pre>${escapeHtml(m.text)}</pre></details>
</li>`,
      )
      .join("\n");
    // i18n-ignore: a developer tool (dev only), never shown to customers
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev mailbox · Parley auth</title>
<style nonce="${nonce}">
body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1f2330;line-height:1.5}
ul{list-style:none;padding:0}li{border:1px solid #dde;border-radius:8px;padding:12px 16px;margin:0 0 12px}
p{margin:4px 0}.meta{color:#5b6070;font-size:.9rem}.subject{font-weight:600}a{word-break:break-all}
pre{white-space:pre-wrap;background:#f6f6f9;padding:8px;border-radius:6px}
</style></head>
<body><h1>Dev mailbox</h1>
<p>E-mails the auth service would have sent (SMTP_URL is unset). Newest first, last ${mailbox.capacity} kept in memory. JSON: <a href="/dev/mailbox.json">/dev/mailbox.json</a></p>
${mails.length ? `<ul>${items}</ul>` : "<p><em>No mail yet.</em></p>"}
</body></html>`;
    return reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("content-security-policy", cspWithStyleNonce(opts.csp, nonce))
      .send(html);
  });
}
