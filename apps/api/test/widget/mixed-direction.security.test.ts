import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builderClient, type Owner } from "../builder/client";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";

/**
 * Mixed-direction and invisible characters (issue #21, "Bad input"): an Arabic domain name works
 * in the allowed domains and matches the punycode form browsers send; zero-width characters cannot
 * make a second spelling of a domain; direction overrides cannot disguise a bot's name or a file's
 * type.
 */
describe.each(testDrivers("either"))("mixed-direction and invisible characters on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let api: ReturnType<typeof builderClient>;
  const owner: Owner = { sub: "auth_bidi", email: "bidi@example.com", name: "Bidi" };
  let botId = "";

  const config = (origin: string) =>
    fetch(`${t.url}/api/widget/${botId}/config`, { headers: { origin } }).then((r) => r.status);

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp(driver, { AUTH_URL: issuer.url }, { listen: true });
    api = builderClient(t, issuer);
    botId = (await api.createBot(owner, { name: "متجر البحرين", published: true }))._id;
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  it("stores an Arabic domain name in its punycode form and lets its site embed the bot", async () => {
    const res = await api.json(owner, "PATCH", `/api/chatbots/${botId}`, {
      allowedDomains: ["مثال.البحرين", "*.متجر.com", "Bücher.DE:8443"],
    });
    expect(res.status).toBe(200);
    expect(res.body.allowedDomains).toEqual([
      "xn--mgbh0fb.xn--mgbcpq6gpa1a",
      "*.xn--pgbep1f.com",
      "xn--bcher-kva.de:8443",
    ]);
    // Browsers send the punycode form in Origin.
    expect(await config("https://xn--mgbh0fb.xn--mgbcpq6gpa1a")).toBe(200);
    expect(await config("https://www.xn--mgbh0fb.xn--mgbcpq6gpa1a")).toBe(200);
    expect(await config("https://souq.xn--pgbep1f.com")).toBe(200);
    expect(await config("https://xn--bcher-kva.de:8443")).toBe(200);
    expect(await config("https://xn--bcher-kva.de")).toBe(403);
    expect(await config("https://example.com")).toBe(403);
    // The same name under another top-level domain is another site.
    expect(await config("https://xn--mgbh0fb.com")).toBe(403);
  });

  it("removes zero-width characters, so they make no second spelling of a domain", async () => {
    const res = await api.json(owner, "PATCH", `/api/chatbots/${botId}`, {
      allowedDomains: ["shop\u200b.example.com", "\ufeffpartner.exa\u200dmple"],
    });
    expect(res.status).toBe(200);
    expect(res.body.allowedDomains).toEqual(["shop.example.com", "partner.example"]);
    expect(await config("https://shop.example.com")).toBe(200);
    expect(await config("https://partner.example")).toBe(200);
    expect(await config("https://evil.example")).toBe(403);
  });

  it("refuses a domain hiding a direction override, a path or a user name", async () => {
    for (const entry of [
      "moc.elpmaxe\u202e",
      "example.com/path",
      "user@example.com",
      "exa mple.com",
      "x".repeat(400),
    ]) {
      const res = await api.json(owner, "PATCH", `/api/chatbots/${botId}`, { allowedDomains: [entry] });
      expect(res.status, JSON.stringify(entry)).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_FAILED");
    }
  });

  it("refuses a bot name with a direction override (visitors see the name)", async () => {
    const res = await api.json(owner, "PATCH", `/api/chatbots/${botId}`, { name: "Support \u202etxt.exe" });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_FAILED");
    // Marks that Arabic text legitimately uses (RLM/LRM) are fine.
    expect(
      (await api.json(owner, "PATCH", `/api/chatbots/${botId}`, { name: "دعم \u200fParley" })).status,
    ).toBe(200);
  });

  it("shows an uploaded file's real type whatever direction characters its name holds", async () => {
    const res = await api.upload(
      owner,
      botId,
      "invoice\u202efdp.txt",
      Buffer.from("Opening hours: 9 to 5.\n"),
    );
    expect(res.status).toBe(201);
    expect(res.body.fileName).toBe("invoicefdp.txt");
  });
});
