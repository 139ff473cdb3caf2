import { createHmac, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createScratchDatabase, type ScratchDatabase } from "@parley/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ProdApi, productionDrivers, startProdApi } from "./prod-api";

// Identity secrets in production: encrypted under IDENTITY_SECRETS_KEY, so a server started with
// another key cannot use (or show) the stored secret, and says so instead of failing open.
// Hostile customer identities get plain refusals from the production error handler.

const sign = (secret: string, id: string) => createHmac("sha256", secret).update(id, "utf8").digest("hex");
const header = (customer: unknown) => Buffer.from(JSON.stringify(customer), "utf8").toString("base64url");
const visitor = "attackVisitorAttackVisitor";

describe.each(productionDrivers())("identity secrets in production on %s", (driver) => {
  let scratch: ScratchDatabase;
  let dataDir: string;
  let api: ProdApi | undefined;
  const shared = () => ({
    ...(scratch.url ? { DATABASE_URL: scratch.url } : {}),
    DATA_DIR: dataDir,
  });
  beforeAll(async () => {
    scratch = await createScratchDatabase(driver, "parley_attack_idv");
    dataDir = mkdtempSync(path.join(tmpdir(), "parley-attack-idv-"));
  });
  afterAll(async () => {
    await api?.stop();
    await scratch?.drop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  });

  const json = async (res: Response) => ({
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
  });

  it("keeps working across restarts with the same key, and fails closed with another", async () => {
    const key = randomBytes(32).toString("hex");
    api = await startProdApi(driver, { ...shared(), IDENTITY_SECRETS_KEY: key });
    const token = await api.token("usr_idv_attack");
    const created = await json(
      await api.fetch("/api/chatbots", {
        method: "POST",
        token,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Shop", published: true }),
      }),
    );
    expect(created.status).toBe(201);
    const bot = String(created.body._id);
    const made = await json(
      await api.fetch(`/api/chatbots/${bot}/identity/secret`, { method: "POST", token }),
    );
    expect(made.status).toBe(201);
    const secret = String(made.body.secret);
    const session = (customer: string) =>
      api?.fetch(`/api/widget/${bot}/session`, {
        method: "POST",
        headers: { "x-parley-visitor": visitor, "x-parley-customer": customer },
      }) as Promise<Response>;
    const good = header({ userId: "cust_1", userHash: sign(secret, "cust_1") });
    expect((await json(await session(good))).body.identity).toEqual({ status: "verified", message: null });

    // Hostile identities: refused with a reason, never an error page, never a 5xx.
    for (const hostile of [
      "A".repeat(8000),
      header({ userId: "cust_1\u0000", userHash: sign(secret, "cust_1\u0000") }),
      header({ userId: "x".repeat(300), userHash: sign(secret, "x".repeat(300)) }),
      header({ userId: "cust_1", userHash: "0".repeat(64) }),
      "!!!",
    ]) {
      const res = await json(await session(hostile));
      expect(res.status).toBe(200);
      expect((res.body.identity as { status: string }).status).toBe("refused");
    }

    // Same key after a restart: still verified.
    await api.stop();
    api = await startProdApi(driver, { ...shared(), IDENTITY_SECRETS_KEY: key });
    expect((await json(await session(good))).body.identity).toEqual({ status: "verified", message: null });

    // Another key: the stored secret is unreadable, so every identity is refused, and the
    // dashboard says to rotate.
    await api.stop();
    api = await startProdApi(driver, { ...shared(), IDENTITY_SECRETS_KEY: randomBytes(32).toString("hex") });
    const refused = (await json(await session(good))).body.identity as { status: string; message: string };
    expect(refused.status).toBe("refused");
    expect(refused.message).toContain("can no longer read the identity secret");
    const owner = await api.token("usr_idv_attack");
    const info = await json(await api.fetch(`/api/chatbots/${bot}/identity`, { token: owner }));
    expect(info.body).toMatchObject({ enabled: true, usable: false, hint: secret.slice(-4) });
    expect(JSON.stringify(info.body)).not.toContain(secret);
    // Rotating fixes it.
    const rotated = await json(
      await api.fetch(`/api/chatbots/${bot}/identity/secret`, { method: "POST", token: owner }),
    );
    const fresh = String(rotated.body.secret);
    const ok = header({ userId: "cust_1", userHash: sign(fresh, "cust_1") });
    expect((await json(await session(ok))).body.identity).toEqual({ status: "verified", message: null });
  });
});
