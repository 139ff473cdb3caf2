import { formatMoney, minorToMajor } from "@parley/contracts";

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

/** The hosted payment page of the sandbox gateway: what BENEFIT or the card page would show. */
export function renderPayPage(order: PageOrder, nonce: string): string {
  const amount = formatMoney(minorToMajor(order.amountMinor, order.currency), order.currency);
  const isCard = order.method === "mastercard";
  const body = order.decision
    ? `<p class="done">This payment was already <strong>${esc(order.decision)}</strong>.</p>
       <a class="btn primary" href="${esc(`${order.returnUrl}`)}">Return to Parley</a>`
    : `<form method="post" action="/sandbox-gateway/pay/${encodeURIComponent(order.trackId)}">
        ${
          isCard
            ? `<label>Card number<input value="5123 4500 0000 0008" readonly aria-readonly="true"></label>
               <div class="row"><label>Expiry<input value="01/39" readonly></label><label>CVC<input value="100" readonly></label></div>`
            : `<label>BENEFIT debit card<input value="4600 0000 0000 0001" readonly aria-readonly="true"></label>
               <label>PIN<input value="••••" readonly></label>`
        }
        <div class="actions">
          <button class="btn primary" name="decision" value="approve" type="submit">Approve ${esc(amount)}</button>
          <button class="btn" name="decision" value="decline" type="submit">Decline</button>
          <button class="btn ghost" name="decision" value="cancel" type="submit">Cancel</button>
        </div>
      </form>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${isCard ? "Card payment" : "BENEFIT payment"} · Sandbox gateway</title>
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
.test-mode{margin:0 0 16px;padding:10px 14px;border-radius:10px;background:#fff4d6;border:1px solid #f0c36d;color:#5c3d00;font-size:14px}
</style></head><body><main class="card">
<p class="test-mode" role="note" data-testid="test-mode-banner"><strong>Test mode.</strong> This is Parley's sandbox gateway, not a bank: no money moves, and approving here only changes the plan on this site.</p>
<span class="badge">Sandbox · no real money</span>
<h1>${isCard ? "Pay by card" : "Pay with BENEFIT"}</h1>
<p class="muted">${esc(order.description)} · reference ${esc(order.trackId)}</p>
<div class="amount" data-testid="sandbox-amount">${esc(amount)}</div>
${body}
<footer>This page stands in for the ${isCard ? "Mastercard hosted checkout" : "BENEFIT payment gateway"}. It notifies Parley server-to-server, then returns you to the app — the real gateways' order.</footer>
</main></body></html>`;
}
