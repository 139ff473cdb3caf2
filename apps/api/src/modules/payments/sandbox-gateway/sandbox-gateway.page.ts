import { formatMoney, minorToMajor } from "@parley/contracts";
import arBilling from "@parley/ui/locales/ar/billing";
import enBilling from "@parley/ui/locales/en/billing";
import type { PageLanguage } from "../../../plugins/page-language";

/** The page's words (billing catalog, `sandboxGateway`), English word for word as the spec has it. */
const texts = { en: enBilling.sandboxGateway, ar: arBilling.sandboxGateway } as const;

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

interface PageOrder {
  trackId: string;
  method: string;
  amountMinor: number;
  currency: string;
  description: string;
  decision: string | null;
  returnUrl: string;
}

/**
 * A catalog text as HTML: the text escaped, then each `{{name}}` replaced by `values[name]`, which
 * the caller passes as HTML (escaped already).
 */
const fill = (text: string, values: Record<string, string> = {}) =>
  esc(text).replace(/\{\{(\w+)\}\}/g, (match, name: string) => values[name] ?? match);

/**
 * The hosted payment page of the sandbox gateway: what BENEFIT or the card page would show, in the
 * payer's language (`?lang=`, the parley_lang cookie, Accept-Language: see plugins/page-language).
 */
export function renderPayPage(order: PageOrder, nonce: string, language: PageLanguage = "en"): string {
  const w = texts[language];
  const ar = language === "ar";
  /** Latin values (amounts, references, card numbers) kept left to right inside Arabic text. */
  const ltr = (html: string) => (ar ? `<bdi dir="ltr">${html}</bdi>` : html);
  const amount = formatMoney(minorToMajor(order.amountMinor, order.currency), order.currency);
  const isCard = order.method === "mastercard";
  const kind = isCard ? "card" : "benefit";
  const decision =
    order.decision && order.decision in w.decisions
      ? w.decisions[order.decision as keyof typeof w.decisions]
      : (order.decision ?? "");
  const body = order.decision
    ? `<p class="done">${fill(w.alreadyDecided, { decision: `<strong>${esc(decision)}</strong>` })}</p>
       <a class="btn primary" href="${esc(`${order.returnUrl}`)}">${fill(w.returnToParley)}</a>`
    : `<form method="post" action="/sandbox-gateway/pay/${encodeURIComponent(order.trackId)}">
        ${
          isCard
            ? `<label>${fill(w.cardNumber)}<input value="5123 4500 0000 0008" dir="ltr" readonly aria-readonly="true"></label>
               <div class="row"><label>${fill(w.expiry)}<input value="01/39" dir="ltr" readonly></label><label>${fill(w.cvc)}<input value="100" dir="ltr" readonly></label></div>`
            : `<label>${fill(w.benefitCard)}<input value="4600 0000 0000 0001" dir="ltr" readonly aria-readonly="true"></label>
               <label>${fill(w.pin)}<input value="••••" dir="ltr" readonly></label>`
        }
        <div class="actions">
          <button class="btn primary" name="decision" value="approve" type="submit">${fill(w.approve, { amount: ltr(esc(amount)) })}</button>
          <button class="btn" name="decision" value="decline" type="submit">${fill(w.decline)}</button>
          <button class="btn ghost" name="decision" value="cancel" type="submit">${fill(w.cancel)}</button>
        </div>
      </form>`;
  return `<!doctype html>
<html lang="${language}" dir="${ar ? "rtl" : "ltr"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${fill(w.title[kind])}</title>
<style nonce="${nonce}">
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1f2330;display:grid;place-items:center;min-height:100vh;padding:16px}
.card{background:#fff;border-radius:14px;box-shadow:0 10px 30px rgba(20,24,40,.08);max-width:440px;width:100%;padding:28px}
.badge{display:inline-block;font-size:12px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;background:#fff4d6;color:#7a5300;border-radius:999px;padding:3px 10px}
h1{font-size:20px;margin:12px 0 4px}.muted{color:#5d6475;font-size:14px;margin:0 0 18px}
.amount{font-size:30px;font-weight:700;margin:8px 0 20px}
label{display:block;font-size:13px;color:#5d6475;margin-bottom:12px}input{display:block;width:100%;margin-top:4px;padding:10px 12px;border:1px solid #d8dbe3;border-radius:8px;font-size:16px;background:#f8f9fb;color:#1f2330}
.row{display:flex;gap:12px}.row label{flex:1}
.actions{display:grid;gap:10px;margin-top:18px}
.btn{display:block;text-align:center;text-decoration:none;width:100%;padding:12px;border-radius:10px;border:1px solid #d8dbe3;background:#fff;font-size:16px;font-weight:600;color:#1f2330;cursor:pointer}
.btn.primary{background:${isCard ? "#eb001b" : "#c8102e"};border-color:transparent;color:#fff}.btn.ghost{border-color:transparent;color:#5d6475}
.btn:focus-visible{outline:3px solid #6366f1;outline-offset:2px}.done{margin:8px 0 16px}
footer{margin-top:18px;font-size:12px;color:#8a90a0}
html[lang=ar] .badge{letter-spacing:0;text-transform:none}html[lang=ar] body{line-height:1.7}
.test-mode{margin:0 0 16px;padding:10px 14px;border-radius:10px;background:#fff4d6;border:1px solid #f0c36d;color:#5c3d00;font-size:14px}
</style></head><body><main class="card">
<p class="test-mode" role="note" data-testid="test-mode-banner"><strong>${fill(w.testMode.lead)}</strong> ${fill(w.testMode.body)}</p>
<span class="badge">${fill(w.badge)}</span>
<h1>${fill(w.heading[kind])}</h1>
<p class="muted">${fill(w.reference, { description: ltr(esc(order.description)), trackId: ltr(esc(order.trackId)) })}</p>
<div class="amount" data-testid="sandbox-amount"${ar ? ' dir="ltr"' : ""}>${esc(amount)}</div>
${body}
<footer>${fill(w.footer, { gateway: fill(w.gateway[kind]) })}</footer>
</main></body></html>`;
}
