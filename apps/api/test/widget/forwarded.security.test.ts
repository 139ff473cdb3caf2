import { WIDGET_LIMITS } from "@parley/contracts";
import { afterAll, describe, expect, it } from "vitest";
import { scaled } from "../../../../scripts/slowness.mjs";
import { builderClient } from "../builder/client";
import { createTestApp, type TestApp } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";

/**
 * Per-IP widget limits key on the client's address. Only a proxy TRUST_PROXY names may tell it
 * (X-Forwarded-For); from anyone else the header is ignored, so rotating it escapes nothing.
 */
describe("X-Forwarded-For and the widget's per-IP limits", { timeout: scaled(120_000) }, () => {
  const opened: { t: TestApp; issuer: TokenIssuer }[] = [];
  afterAll(async () => {
    for (const { t, issuer } of opened) {
      await t.close();
      await issuer.close();
    }
  });

  async function appWith(env: Record<string, string>) {
    const issuer = await startTokenIssuer();
    const t = await createTestApp("pglite", { AUTH_URL: issuer.url, ...env }, { listen: true });
    opened.push({ t, issuer });
    const owner = { sub: "auth_fwd_owner", email: "fwd@example.com", name: "Fwd" };
    const bot = await builderClient(t, issuer).createBot(owner, { name: "Forwarded", published: true });
    let n = 0;
    /** Starts a conversation as a new visitor, claiming to come from `forwardedFor`. */
    const start = (forwardedFor: string) =>
      fetch(`${t.url}/api/widget/${bot._id}/conversations`, {
        method: "POST",
        headers: {
          "x-parley-visitor": `visitor${String(++n).padStart(12, "0")}`,
          "x-forwarded-for": forwardedFor,
        },
      });
    return { start };
  }

  const limit = WIDGET_LIMITS.conversationsPerIpPerHour;
  const rotating = (i: number) => `203.0.113.${i + 1}`;

  it("ignores a rotating X-Forwarded-For from a peer when no proxy is trusted (the default)", async () => {
    const { start } = await appWith({});
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) statuses.push((await start(rotating(i))).status);
    expect(statuses.slice(0, limit).every((s) => s === 201)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });

  it("ignores it from a peer that is not the configured proxy", async () => {
    const { start } = await appWith({ TRUST_PROXY: "10.9.8.7, 192.168.0.0/16" });
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) statuses.push((await start(rotating(i))).status);
    expect(statuses[limit]).toBe(429);
  });

  it("uses the forwarded client address from the configured proxy", async () => {
    // This test's requests come from 127.0.0.1, which plays the trusted proxy here.
    const { start } = await appWith({ TRUST_PROXY: "127.0.0.1" });
    // Many clients behind the proxy: each has its own budget, so more than one address's worth passes.
    for (let i = 0; i <= limit; i++) expect((await start(rotating(i))).status).toBe(201);
    // One client behind the proxy still hits its own limit.
    for (let i = 0; i < limit; i++) expect((await start("198.51.100.9")).status).toBe(201);
    expect((await start("198.51.100.9")).status).toBe(429);
    // The leftmost entries are the client's to write; the proxy appends the address it saw.
    expect((await start("198.51.100.9, 198.51.100.77")).status).toBe(201);
  });
});
