import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../harness";

/**
 * The sandbox gateway's hosted page is a page a paying person sees: in English word for word (the
 * e2e billing journeys click its buttons by name), and in Arabic, right to left, when the payer's
 * language is Arabic (?lang=, the parley_lang cookie, Accept-Language).
 */
describe("the sandbox payment page in English and Arabic", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
    for (const [trackId, method] of [
      ["trk_lang_card", "mastercard"],
      ["trk_lang_benefit", "benefit"],
    ] as const) {
      const res = await t.app.inject({
        method: "POST",
        url: "/sandbox-gateway/api/orders",
        headers: { authorization: `Bearer ${t.env.PAYMENTS_SANDBOX_SECRET}` },
        payload: {
          trackId,
          amountMinor: 25000,
          currency: "BHD",
          method,
          description: "Parley Pro",
          callbackUrl: `${t.url}/api/payments/callback/sandbox`,
          returnUrl: `${t.url}/billing/result?trackId=${trackId}`,
        },
      });
      expect(res.statusCode).toBe(200);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const page = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: "GET", url, headers });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const text = (html: string) =>
    html
      .replace(/<style[\s\S]*?<\/style>/, "")
      .replace(/<[^>]+>/g, "")
      .replace(/&#39;/g, "'");

  it("keeps its English words for the card and BENEFIT pages", async () => {
    const card = await page("/sandbox-gateway/pay/trk_lang_card");
    expect(card).toContain('<html lang="en" dir="ltr">');
    expect(card).toContain("<title>Card payment · Sandbox gateway</title>");
    expect(card).toContain("<h1>Pay by card</h1>");
    expect(card).toContain('type="submit">Approve BHD\u00a025.000</button>');
    expect(card).toContain('type="submit">Decline</button>');
    expect(card).toContain('type="submit">Cancel</button>');
    const words = text(card);
    expect(words).toContain(
      "Test mode. This is Parley's sandbox gateway, not a bank: no money moves, and approving here only changes the plan on this site.",
    );
    expect(words).toContain("Sandbox · no real money");
    expect(words).toContain("Parley Pro · reference trk_lang_card");
    expect(words).toContain("Card number");
    expect(words).toContain(
      "This page stands in for the Mastercard hosted checkout. It notifies Parley server-to-server, then returns you to the app — the real gateways' order.",
    );
    const benefit = await page("/sandbox-gateway/pay/trk_lang_benefit", {
      "accept-language": "en-GB,ar;q=0.5",
    });
    expect(benefit).toContain("<title>BENEFIT payment · Sandbox gateway</title>");
    expect(benefit).toContain("<h1>Pay with BENEFIT</h1>");
    expect(text(benefit)).toContain("BENEFIT debit card");
    expect(text(benefit)).toContain("This page stands in for the BENEFIT payment gateway.");
  });

  it("is Arabic and right to left for ?lang=ar, the parley_lang cookie or Accept-Language: ar-BH", async () => {
    for (const [url, headers] of [
      ["/sandbox-gateway/pay/trk_lang_card?lang=ar", {}],
      ["/sandbox-gateway/pay/trk_lang_card", { cookie: "a=1; parley_lang=ar" }],
      ["/sandbox-gateway/pay/trk_lang_card", { "accept-language": "ar-BH,ar;q=0.9" }],
    ] as const) {
      const html = await page(url, headers);
      expect(html).toContain('<html lang="ar" dir="rtl">');
      expect(html).toContain("<title>الدفع بالبطاقة · بوابة الاختبار</title>");
      expect(html).toContain("<h1>الدفع بالبطاقة</h1>");
      // The amount stays in the en-US money format, left to right inside the Arabic button.
      expect(html).toContain('الموافقة على دفع <bdi dir="ltr">BHD\u00a025.000</bdi></button>');
      expect(html).toContain('data-testid="sandbox-amount" dir="ltr">BHD\u00a025.000</div>');
      expect(html).not.toMatch(/Pay by card|Approve|Decline|Test mode|stands in for/);
    }
    const benefit = await page("/sandbox-gateway/pay/trk_lang_benefit?lang=ar");
    expect(benefit).toContain("<h1>الدفع عبر BENEFIT</h1>");
    expect(benefit).toContain("بطاقة الخصم من BENEFIT");
    // ?lang=en wins over the cookie.
    const english = await page("/sandbox-gateway/pay/trk_lang_card?lang=en", { cookie: "parley_lang=ar" });
    expect(english).toContain("<h1>Pay by card</h1>");
  });

  it("changes nothing for a hostile ?lang= or an oversized cookie", async () => {
    const plain = await page("/sandbox-gateway/pay/trk_lang_card");
    const hostile = await page(
      `/sandbox-gateway/pay/trk_lang_card?lang=${encodeURIComponent('"><script>alert(1)</script>')}`,
      { cookie: `parley_lang=${"x".repeat(10 * 1024)}` },
    );
    // The pages differ only by their CSP nonce.
    const unnonced = (html: string) => html.replace(/nonce="[^"]*"/g, "");
    expect(unnonced(hostile)).toBe(unnonced(plain));
    expect(hostile).not.toContain("alert(1)");
  });
});
