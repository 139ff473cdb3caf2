import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readinessSchema, usageSchema, WIDGET_LIMITS, widgetConversationSchema } from "@parley/contracts";
import { rowsOf } from "@parley/db";
import { createScratchDatabase, type ScratchDatabase } from "@parley/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaled } from "../../../../scripts/slowness.mjs";
import { type SmtpCatcher, startSmtpCatcher } from "../../../auth/test/smtp";
import { openAppDb } from "../../src/app";
import { freePort } from "../harness";
import { type LlmStub, startLlmStub } from "../llm-stub";
import { readSse, type SseEvent, sseEvents, textOf } from "../sse-client";
import { until } from "../until";
import { buildCompiled, type CompiledApp, type NodeProcess, runNode, waitForOk } from "./compiled";
import { type Nginx, startNginx } from "./nginx";
import { type RedisProcess, startRedisServer, subscribers } from "./redis-server";

const PASSWORD = "correct horse battery staple";
const TOKENS = Array.from({ length: 12 }, (_, i) => `part${i} `);
const METRICS_TOKEN = randomBytes(32).toString("hex");

/** Cookies a browser would keep from a response (name=value only). */
function cookiesOf(res: Response, jar: Map<string, string>) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const eq = pair?.indexOf("=") ?? -1;
    if (pair && eq > 0) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

/**
 * What docker-compose.yml runs, without Docker: Debian's nginx on 127.0.0.1 with deploy/nginx.conf
 * (local upstreams, same location rules) in front of two API replicas and the auth service, all
 * three compiled and run with plain `node`, one Postgres, one Redis. Everything below goes
 * through the proxy over real HTTP. Two OS processes sharing one database need a real server, so
 * this registers only when DATABASE_URL is set.
 */
if (process.env.DATABASE_URL)
  describe("the compose stack without Docker: nginx, two API replicas, auth, Postgres, Redis", () => {
    let api: CompiledApp;
    let auth: CompiledApp;
    let apiDb: ScratchDatabase;
    let authDb: ScratchDatabase;
    let redis: RedisProcess;
    let smtp: SmtpCatcher;
    let stub: LlmStub;
    let nginx: Nginx;
    let authProc: NodeProcess;
    const replicas: NodeProcess[] = [];
    const replicaPorts: number[] = [];
    const dataDir = mkdtempSync(path.join(tmpdir(), "parley-compose-"));
    let token = "";
    let botId = "";
    let apiEnv: Record<string, string> = {};

    beforeAll(async () => {
      [api, auth, apiDb, authDb, redis, smtp, stub] = await Promise.all([
        buildCompiled("api"),
        buildCompiled("auth"),
        createScratchDatabase("postgres", "parley_compose"),
        createScratchDatabase("postgres", "parley_compose_auth"),
        // Its own redis-server: the limiter's keys (parley:rl:…) carry no per-test prefix, and
        // every request through the proxy comes from 127.0.0.1, so a shared Redis would mix
        // the counters of tests running at once.
        freePort().then(startRedisServer),
        startSmtpCatcher(),
        startLlmStub({ tokens: ["Hello"] }),
      ]);
      const [listenApi, listenAuth, authPort, ...apiPorts] = await Promise.all(
        Array.from({ length: 5 }, () => freePort()),
      );
      replicaPorts.push(...(apiPorts as number[]));
      const webUrl = `http://127.0.0.1:${listenApi}`;
      const authUrl = `http://127.0.0.1:${listenAuth}`;
      const eventsSecret = randomBytes(32).toString("hex");
      authProc = runNode(auth.entry("server"), {
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(authPort),
        DATABASE_URL: authDb.url ?? "",
        DATA_DIR: dataDir,
        AUTH_URL: authUrl,
        WEB_URL: webUrl,
        API_URL: webUrl,
        LOG_LEVEL: "warn",
        BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
        AUTH_EVENTS_SECRET: eventsSecret,
        SMTP_URL: smtp.url,
        TRUST_PROXY: "127.0.0.1",
      });
      // As compose sets them (docker-compose.yml, service `api`), with local addresses.
      apiEnv = {
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        DATABASE_URL: apiDb.url ?? "",
        DATA_DIR: dataDir,
        WEB_DIST: "/nonexistent",
        PUBLIC_URL: webUrl,
        AUTH_URL: authUrl,
        AUTH_INTERNAL_URL: `http://127.0.0.1:${authPort}`,
        AUTH_EVENTS_SECRET: eventsSecret,
        MODEL_KEYS_SECRET: randomBytes(32).toString("hex"),
        PAYMENTS_MODE: "sandbox",
        PAYMENTS_SANDBOX_IN_PRODUCTION: "true",
        PAYMENTS_SANDBOX_SECRET: randomBytes(32).toString("hex"),
        TRUST_PROXY: "127.0.0.1",
        REDIS_URL: `${redis.url}/0`,
        SHUTDOWN_GRACE_SECONDS: "2",
        METRICS_TOKEN,
        LLM_BASE_URL: stub.url,
        LLM_MODEL: "stub",
        LLM_ALLOW_PRIVATE: "true",
        LOG_LEVEL: "warn",
        // The scheduled jobs (period end, reconciliation, retention) every second on both.
        JOBS_INTERVAL_MS: "1000",
      };
      for (const port of replicaPorts)
        replicas.push(runNode(api.entry("server"), { ...apiEnv, PORT: String(port) }));
      await Promise.all([
        waitForOk(`http://127.0.0.1:${authPort}/ok`, authProc, 60_000),
        ...replicas.map((r, i) => waitForOk(`http://127.0.0.1:${replicaPorts[i]}/api/ready`, r, 60_000)),
      ]);
      nginx = await startNginx({
        listenApi: listenApi as number,
        listenAuth: listenAuth as number,
        api: replicaPorts,
        auth: authPort as number,
      });
    });

    afterAll(async () => {
      await nginx?.stop();
      await Promise.all([...replicas.map((r) => r.stop(5_000)), authProc?.stop(5_000)]);
      await Promise.all([apiDb?.drop(), authDb?.drop(), redis?.stop(), smtp?.close(), stub?.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    });

    const replicaAddr = (i: number) => `127.0.0.1:${replicaPorts[i]}`;
    const apiFetch = (pathname: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      if (token && !headers.has("authorization")) headers.set("authorization", `Bearer ${token}`);
      return fetch(`${nginx.url}${pathname}`, { ...init, headers });
    };
    const startConversation = async (visitor: string) => {
      const res = await fetch(`${nginx.url}/api/widget/${botId}/conversations`, {
        method: "POST",
        headers: { "x-parley-visitor": visitor },
      });
      expect(res.status).toBe(201);
      return widgetConversationSchema.parse(await res.json())._id;
    };
    const ask = (visitor: string, conversationId: string, content: string) =>
      fetch(`${nginx.url}/api/widget/${botId}/conversations/${conversationId}/messages`, {
        method: "POST",
        headers: { "x-parley-visitor": visitor, "content-type": "application/json" },
        body: JSON.stringify({ content }),
      });
    /** The access log's lines for `uri`, once nginx has written `count` of them. */
    const logged = async (uri: string, count: number) => {
      await until(
        `${count} logged requests to ${uri}`,
        () => nginx.requests().filter((r) => r.uri === uri).length >= count,
      );
      return nginx.requests().filter((r) => r.uri === uri);
    };

    it("answers health and readiness through the proxy: Postgres, Redis and migrations checked", async () => {
      expect((await fetch(`${nginx.url}/nginx-health`)).status).toBe(200);
      expect((await fetch(`${nginx.url}/api/health`)).status).toBe(200);
      // Both replicas answer /api/ready through the proxy (round robin), both ready.
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${nginx.url}/api/ready`);
        expect(res.status).toBe(200);
        const body = readinessSchema.parse(await res.json());
        expect(body.status).toBe("ready");
        expect(body.checks.redis).toMatchObject({ configured: true, ok: true });
        expect(body.checks.pubsub).toMatchObject({ configured: true, ok: true, pending: 0 });
        expect(body.checks.migrations).toEqual({ ok: true, checked: true, pending: [] });
      }
      // Each replica is subscribed to the others' cache invalidations (issue 26: Redis showed 0).
      expect(await subscribers(redis.url, "parley:cache-invalidate")).toBe(2);
      const served = (await logged("/api/ready", 2)).flatMap((r) => r.upstreams);
      expect(new Set(served)).toEqual(new Set([replicaAddr(0), replicaAddr(1)]));
      expect((await fetch(`${nginx.authUrl}/ok`)).status).toBe(200);
    });

    it("serves /metrics on each replica to the scraper's token, never through the proxy", async () => {
      const bearer = { authorization: `Bearer ${METRICS_TOKEN}` };
      const proxied = await fetch(`${nginx.url}/metrics`, { headers: bearer });
      expect(proxied.status).toBe(404);
      expect(await proxied.text()).not.toContain("parley_");
      for (const port of replicaPorts) {
        const direct = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: bearer });
        expect(direct.status).toBe(200);
        expect(await direct.text()).toContain("parley_http_request_duration_seconds");
        expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
      }
    });

    it("signs up, verifies by mail and signs in through the proxy; the API accepts the access token", async () => {
      const email = `owner-${randomBytes(4).toString("hex")}@example.com`;
      const origin = { origin: nginx.authUrl, "content-type": "application/json" };
      const signUp = await fetch(`${nginx.authUrl}/sign-up/email`, {
        method: "POST",
        headers: origin,
        body: JSON.stringify({ email, password: PASSWORD, name: "Compose Owner" }),
      });
      expect(signUp.status, await signUp.clone().text()).toBe(200);
      const mail = await smtp.waitFor(email, /Verify your e-mail/);
      const link = mail.links[0] ?? "";
      // The link names the proxy (AUTH_URL), as a browser would follow it.
      expect(link.startsWith(`${nginx.authUrl}/`)).toBe(true);
      expect((await fetch(link, { redirect: "manual" })).status).toBe(302);

      // Hostile: a wrong password is refused through the proxy, and sets no session.
      const wrong = await fetch(`${nginx.authUrl}/sign-in/email`, {
        method: "POST",
        headers: origin,
        body: JSON.stringify({ email, password: "not the password" }),
      });
      expect(wrong.status).toBe(401);
      expect(
        wrong.headers.getSetCookie().filter((c) => c.includes("session_token=") && !/Max-Age=0/i.test(c)),
      ).toEqual([]);

      const jar = new Map<string, string>();
      const signIn = await fetch(`${nginx.authUrl}/sign-in/email`, {
        method: "POST",
        headers: origin,
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      expect(signIn.status).toBe(200);
      cookiesOf(signIn, jar);
      const issued = await fetch(`${nginx.authUrl}/token`, { headers: { cookie: cookieHeader(jar) } });
      expect(issued.status).toBe(200);
      token = ((await issued.json()) as { token: string }).token;

      // Hostile: without the session, or with a token the service did not sign, nothing.
      expect((await fetch(`${nginx.authUrl}/token`)).status).toBe(401);
      const forged = `${token.slice(0, token.lastIndexOf(".") + 1)}${"A".repeat(86)}`;
      expect(
        (await apiFetch("/api/chatbots", { headers: { authorization: `Bearer ${forged}` } })).status,
      ).toBe(401);

      const created = await apiFetch("/api/chatbots", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name: "Behind the proxy",
          published: true,
          model: { provider: "openai-compatible" },
        }),
      });
      expect(created.status, await created.clone().text()).toBe(201);
      botId = ((await created.json()) as { _id: string })._id;
      // Both replicas know the bot and the owner (one database, tokens checked against the JWKS).
      for (let i = 0; i < 2; i++) {
        const res = await apiFetch("/api/chatbots");
        expect(res.status).toBe(200);
        expect(((await res.json()) as { _id: string }[]).map((b) => b._id)).toContain(botId);
      }
    });

    it("serves a bot renamed through one replica renamed by the other before its cache expires (Redis pub/sub)", async () => {
      const direct = (i: number) => `http://${replicaAddr(i)}`;
      const nameOn = async (i: number) => {
        const res = await fetch(`${direct(i)}/api/widget/${botId}/config`);
        expect(res.status).toBe(200);
        return ((await res.json()) as { name: string }).name;
      };
      // The second replica has the bot cached (a 5 s TTL would otherwise keep the old name).
      expect(await nameOn(1)).toBe("Behind the proxy");
      const started = performance.now();
      const renamed = await fetch(`${direct(0)}/api/chatbots/${botId}`, {
        method: "PATCH",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ name: "Renamed on one replica" }),
      });
      expect(renamed.status).toBe(200);
      // Another process: its cache shows only in its answers, asked every 20 ms (the TTL is 5 s).
      await until(
        "the other replica to serve the new name",
        async () => (await nameOn(1)) === "Renamed on one replica",
        4_000,
      );
      // Before the cached copy's 5 s TTL could have ended it: the invalidation did (a few
      // milliseconds when idle; seconds on a busy machine).
      expect(performance.now() - started).toBeLessThan(4_000);
    });

    it("pays for Pro in the sandbox through the proxy; the signed callback grants the plan once", async () => {
      const sub = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()).sub as string;
      const plans = (await (await apiFetch("/api/plans")).json()) as {
        _id: string;
        name: string;
        billingInterval: string;
        price: { amount: number };
      }[];
      const pro = plans.find((p) => p.name === "Pro" && p.billingInterval === "monthly");
      if (!pro) throw new Error("no Pro monthly plan");
      const init = await apiFetch("/api/payments/initiate", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ payment_provider: "mastercard", amount: pro.price.amount, planId: pro._id }),
      });
      expect(init.status, await init.clone().text()).toBe(200);
      const started = (await init.json()) as { payment_url: string; track_id: string };
      // The gateway page is reached through the proxy, like a browser would.
      expect(started.payment_url).toBe(`${nginx.url}/sandbox-gateway/pay/${started.track_id}`);
      const decide = () =>
        fetch(started.payment_url, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "decision=approve",
          redirect: "manual",
        });
      const paid = await decide();
      expect(paid.status).toBe(303);
      expect(paid.headers.get("location")).toBe(`${nginx.url}/billing/result?trackId=${started.track_id}`);
      const plan = async () =>
        ((await (await apiFetch(`/api/subscription/details/${sub}`)).json()) as { plan: { name: string } })
          .plan.name;
      // Whichever replica answers, the plan is granted.
      expect(await plan()).toBe("Pro");
      expect(await plan()).toBe("Pro");
      // Hostile: the same approval again changes nothing (one captured payment, still Pro).
      expect((await decide()).status).toBeLessThan(500);
      const history = (await (await apiFetch("/api/payments")).json()) as {
        track_id: string;
        status: string;
      }[];
      expect(history.filter((p) => p.track_id === started.track_id).map((p) => p.status)).toEqual([
        "captured",
      ]);
      expect(await plan()).toBe("Pro");
    });

    it("streams a widget answer through the proxy event by event, not buffered", async () => {
      // The model stops after three tokens until the test lets it go on: those tokens can reach
      // the visitor only if nginx passes the stream on as it comes (a proxy that held the answer
      // until its end would hold them, and this test would fail at its timeout).
      stub.behaviour = { tokens: TOKENS, holdAfter: 3 };
      const visitor = `visitorStream${randomBytes(6).toString("hex")}`;
      const conv = await startConversation(visitor);
      const res = await ask(visitor, conv, "Do you stream?");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
      const stream = sseEvents(res);
      const early: SseEvent[] = [];
      // (Deltas written in the same moment may arrive as one event: the text is what counts.)
      while (textOf(early) !== TOKENS.slice(0, 3).join("")) {
        const e = await stream.next();
        if (!e) throw new Error("the stream ended before the model went on");
        early.push(e);
      }
      expect(stub.held).toBe(1); // the model has not said the rest yet
      stub.release();
      const events = [...early, ...(await stream.rest())];
      expect(textOf(events)).toBe(TOKENS.join(""));
      expect(events.at(-1)?.event).toBe("done");
    });

    it("shares the widget rate limit across both replicas: refused at the limit in total", async () => {
      stub.behaviour = { tokens: ["ok"] };
      const visitor = `visitorLimit${randomBytes(6).toString("hex")}`;
      const conv = await startConversation(visitor);
      const statuses: number[] = [];
      for (let i = 0; i <= WIDGET_LIMITS.messagesPerVisitorPerMinute; i++) {
        const res = await ask(visitor, conv, `Question ${i}`);
        statuses.push(res.status);
        if (res.status === 200) await readSse(res);
        else expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
      }
      // Per-replica counters would have let 2 × the limit through.
      expect(statuses).toEqual([...Array(WIDGET_LIMITS.messagesPerVisitorPerMinute).fill(200), 429]);
      const lines = await logged(
        `/api/widget/${botId}/conversations/${conv}/messages`,
        WIDGET_LIMITS.messagesPerVisitorPerMinute + 1,
      );
      const served = lines.filter((l) => l.status === 200).map((l) => l.upstreams.join());
      // Round robin: each replica answered about half of them.
      expect(served.filter((u) => u === replicaAddr(0)).length).toBeGreaterThanOrEqual(3);
      expect(served.filter((u) => u === replicaAddr(1)).length).toBeGreaterThanOrEqual(3);

      // Another visitor is not held back by this one's limit.
      const other = `visitorOther${randomBytes(6).toString("hex")}`;
      const ok = await ask(other, await startConversation(other), "Me too?");
      expect(ok.status).toBe(200);
      await readSse(ok);
    });

    it("runs the period-end job on both replicas, applying each downgrade and period end once", async () => {
      const handle = await openAppDb({ DATABASE_URL: apiDb.url, DATA_DIR: dataDir });
      const db = handle.db;
      try {
        const plan = async (code: string) =>
          rowsOf<{ id: string }>(await db.execute(sql`select id from plans where code = ${code}`))[0]?.id;
        const [pro, starter] = [await plan("pro-monthly"), await plan("starter-monthly")];
        expect(pro && starter).toBeTruthy();
        // Paid periods that ended a minute ago (as a month passing leaves them): half with a
        // downgrade scheduled for that moment, half simply unpaid at the end.
        const ended = new Date(Date.now() - 60_000);
        const ids = Array.from(
          { length: 20 },
          (_, i) => `sub_compose_${i}_${randomBytes(4).toString("hex")}`,
        );
        for (const [i, id] of ids.entries()) {
          const pending = i % 2 === 0;
          await db.execute(sql`
            insert into subscriptions (id, user_id, plan_id, status, current_period_start, current_period_end,
                                       pending_plan_id, pending_change_at)
            values (${id}, ${`auth_compose_${id}`}, ${pro}, 'active',
                    ${new Date(ended.getTime() - 30 * 86_400_000).toISOString()}::timestamptz, ${ended.toISOString()}::timestamptz,
                    ${pending ? starter : null}, ${pending ? ended.toISOString() : null}::timestamptz)`);
        }
        const inIds = sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        );
        const changes = async () =>
          rowsOf<{ subscription_id: string; kind: string }>(
            await db.execute(
              sql`select subscription_id, kind from subscription_changes where subscription_id in (${inIds})`,
            ),
          );
        await until(
          "the period end to reach every subscription",
          async () => (await changes()).length >= 20,
          30_000,
        );
        // Then both replicas run the job twice more each: nothing may be applied a second time.
        const runs = async (port: number) => {
          const text = await (
            await fetch(`http://127.0.0.1:${port}/metrics`, {
              headers: { authorization: `Bearer ${METRICS_TOKEN}` },
            })
          ).text();
          const line = text
            .split("\n")
            .find((l) =>
              l.startsWith('parley_job_duration_seconds_count{kind="subscriptions.period-end",outcome="ok"}'),
            );
          return Number(line?.split(" ").at(-1) ?? 0);
        };
        const seen = await Promise.all(replicaPorts.map(runs));
        await until(
          "both replicas to run the period-end job twice more",
          async () => (await Promise.all(replicaPorts.map(runs))).every((n, i) => n >= (seen[i] ?? 0) + 2),
          30_000,
        );
        const all = await changes();
        for (const [i, id] of ids.entries())
          expect(all.filter((c) => c.subscription_id === id).map((c) => c.kind)).toEqual([
            i % 2 === 0 ? "downgrade_applied" : "past_due",
          ]);
        const downgraded = rowsOf(
          await db.execute(sql`select 1 from subscriptions where id in (${inIds}) and plan_id = ${starter}`),
        );
        expect(downgraded).toHaveLength(10);
      } finally {
        await handle.close();
      }
    });

    it(
      "carries live chat across replicas: each message once on both sides, nothing lost when the visitor's replica dies",
      async () => {
        const patched = await apiFetch(`/api/chatbots/${botId}`, {
          method: "PATCH",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ handoff: { enabled: true, officeHours: null } }),
        });
        expect(patched.status, await patched.clone().text()).toBe(200);
        const gauge = async (i: number, side: "visitor" | "team") => {
          const res = await fetch(`http://${replicaAddr(i)}/metrics`, {
            headers: { authorization: `Bearer ${METRICS_TOKEN}` },
          });
          const line = new RegExp(`^parley_live_streams_open\\{side="${side}"\\} (\\d+)`, "m");
          return Number(line.exec(await res.text())?.[1] ?? 0);
        };
        const visitor = `visitorLive${randomBytes(6).toString("hex")}`;
        const conv = await startConversation(visitor);
        const visitorEvents = (lastEventId?: string) =>
          fetch(`${nginx.url}/api/widget/${botId}/conversations/${conv}/events`, {
            headers: {
              "x-parley-visitor": visitor,
              ...(lastEventId ? { "last-event-id": lastEventId } : {}),
            },
          });
        /** Reads `stream` until `done(seen)`, failing after 10 s. */
        const readUntil = async (
          stream: ReturnType<typeof sseEvents>,
          seen: SseEvent[],
          done: (seen: SseEvent[]) => boolean,
        ) => {
          const deadline = Date.now() + 10_000;
          while (!done(seen)) {
            const left = deadline - Date.now();
            const e = await Promise.race([
              stream.next(),
              new Promise<"late">((r) => setTimeout(() => r("late"), Math.max(left, 0))),
            ]);
            if (e === "late" || e === undefined)
              throw new Error(
                `stream ${e ?? "ended"}; saw ${seen.map((x) => `${x.event}:${x.id ?? ""}`).join(" ")}`,
              );
            seen.push(e);
          }
        };
        const messagesIn = (seen: SseEvent[], role: string) =>
          seen
            .filter((e) => e.event === "message")
            .map((e) => (e.data as { message: { _id: string; role: string; content: string } }).message)
            .filter((m) => m.role === role);

        // The visitor's stream lands on one replica (its gauge says which) …
        const visitorRes = await visitorEvents();
        expect(visitorRes.status).toBe(200);
        const vStream = sseEvents(visitorRes);
        const vSeen: SseEvent[] = [];
        await readUntil(vStream, vSeen, (s) => s.some((e) => e.event === "ready"));
        const holder = (await gauge(0, "visitor")) > 0 ? 0 : 1;
        expect(await gauge(holder, "visitor")).toBe(1);
        const survivor = 1 - holder;
        // … and the agent's on the other (round robin: try until it lands there).
        let tStream: ReturnType<typeof sseEvents> | undefined;
        for (let i = 0; i < 6 && !tStream; i++) {
          const res = await apiFetch("/api/events");
          expect(res.status).toBe(200);
          const s = sseEvents(res);
          const first = await s.next();
          expect(first?.event).toBe("ready");
          if ((await gauge(survivor, "team")) === 1) tStream = s;
          else {
            await s.cancel();
            await until(
              "the misplaced team stream to close",
              async () => (await gauge(holder, "team")) === 0,
            );
          }
        }
        if (!tStream) throw new Error("the team stream never landed on the other replica");
        const tSeen: SseEvent[] = [];

        // Handoff, claim, three replies: through the proxy, whichever replica serves each request.
        const handoff = await fetch(`${nginx.url}/api/widget/${botId}/conversations/${conv}/handoff`, {
          method: "POST",
          headers: { "x-parley-visitor": visitor },
        });
        expect(handoff.status).toBe(200);
        expect((await apiFetch(`/api/conversations/${conv}/claim`, { method: "POST" })).status).toBe(200);
        const reply = async (content: string) => {
          const res = await apiFetch(`/api/conversations/${conv}/messages`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ content }),
          });
          expect(res.status).toBe(201);
        };
        for (const content of ["one", "two", "three"]) await reply(content);
        await readUntil(vStream, vSeen, (s) => messagesIn(s, "agent").length >= 3);
        // The visitor writes twice while the team holds the conversation: the bot stays silent.
        for (const content of ["first from visitor", "second from visitor"]) {
          const res = await ask(visitor, conv, content);
          expect((await readSse(res)).map((e) => e.event)).toEqual(["start", "done"]);
        }
        await readUntil(tStream, tSeen, (s) => messagesIn(s, "user").length >= 2);

        // The replica holding the visitor's stream dies; the agent replies twice meanwhile.
        const victim = replicas[holder] as NodeProcess;
        victim.child.kill("SIGKILL");
        expect(await victim.exited).toEqual({ code: null, signal: "SIGKILL" });
        vSeen.push(...(await vStream.rest()));
        for (const content of ["four", "five"]) await reply(content);
        // The visitor comes back through the proxy with the last id it saw, onto the survivor.
        const lastId = vSeen.filter((e) => e.id).at(-1)?.id;
        expect(lastId).toBeDefined();
        const back = await visitorEvents(lastId);
        expect(back.status).toBe(200);
        const bStream = sseEvents(back);
        const bSeen: SseEvent[] = [];
        await readUntil(bStream, bSeen, (s) => messagesIn(s, "agent").length >= 2);
        expect(bSeen[0]).toMatchObject({ event: "ready", data: { resumed: true } });
        // Then a marker, so that anything sent twice would have arrived before it.
        expect((await apiFetch(`/api/conversations/${conv}/release`, { method: "POST" })).status).toBe(200);
        await readUntil(bStream, bSeen, (s) =>
          s.some((e) => e.event === "status" && (e.data as { status: string }).status === "bot"),
        );
        await readUntil(tStream, tSeen, (s) =>
          s.some((e) => e.event === "status" && (e.data as { status: string }).status === "bot"),
        );
        await Promise.all([bStream.cancel(), tStream.cancel()]);

        // Every agent message reached the visitor exactly once, in order; every visitor message the agent.
        const all = [...vSeen, ...bSeen];
        expect(messagesIn(all, "agent").map((m) => m.content)).toEqual([
          "one",
          "two",
          "three",
          "four",
          "five",
        ]);
        const ids = all.filter((e) => e.id).map((e) => Number(e.id));
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
        expect(new Set(ids).size).toBe(ids.length);
        expect(messagesIn(tSeen, "user").map((m) => m.content)).toEqual([
          "first from visitor",
          "second from visitor",
        ]);
        expect(new Set(tSeen.filter((e) => e.id).map((e) => e.id)).size).toBe(
          tSeen.filter((e) => e.id).length,
        );

        // The killed replica comes back (the next test needs two).
        const port = replicaPorts[holder] as number;
        replicas[holder] = runNode(api.entry("server"), { ...apiEnv, PORT: String(port) });
        await waitForOk(`http://127.0.0.1:${port}/api/ready`, replicas[holder] as NodeProcess, 60_000);
        // nginx left it out for its fail_timeout (10 s): the next test needs both in rotation again.
        const since = nginx.requests().length;
        await until(
          "nginx to send requests to the restarted replica",
          async () => {
            await fetch(`${nginx.url}/api/ready`);
            await new Promise((r) => setTimeout(r, 200));
            return nginx
              .requests()
              .slice(since)
              .some(
                (r) => r.status === 200 && r.upstreams.length === 1 && r.upstreams[0] === replicaAddr(holder),
              );
          },
          20_000,
        );
        const off = await apiFetch(`/api/chatbots/${botId}`, {
          method: "PATCH",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ handoff: { enabled: false } }),
        });
        expect(off.status).toBe(200);
      },
      scaled(180_000),
    );

    it("carries the visitor's journey on through the other replica when one is killed mid-answer", async () => {
      const question = "First question";
      const usage = async () =>
        usageSchema.parse(await (await apiFetch("/api/usage")).json()).used.messagesThisMonth;
      const usedBefore = await usage();
      // The model stops after two tokens: the answer is open on one replica when it is killed.
      stub.behaviour = { tokens: ["Still ", "here, ", "after ", "all."], holdAfter: 2 };
      const visitor = `visitorKilled${randomBytes(6).toString("hex")}`;
      const conv = await startConversation(visitor);
      const transcript = async () => {
        const res = await fetch(`${nginx.url}/api/widget/${botId}/conversations/${conv}`, {
          headers: { "x-parley-visitor": visitor },
        });
        expect(res.status).toBe(200);
        return widgetConversationSchema.parse(await res.json()).messages.map((m) => [m.role, m.content]);
      };
      const first = await ask(visitor, conv, question);
      expect(first.status).toBe(200);
      const cut = sseEvents(first);
      const seen: SseEvent[] = [];
      while (textOf(seen) !== "Still here, ") {
        const e = await cut.next();
        if (!e) throw new Error("the stream ended before the model was held");
        seen.push(e);
      }
      // What the visitor saw is stored while it streams (the draft), before anything goes wrong.
      await until("the partial answer to be stored", async () =>
        (await transcript()).some(([role, content]) => role === "assistant" && content === "Still here, "),
      );

      // The replica holding the open answer stream (its gauge says so) is killed.
      const openStreams = async (i: number) => {
        const res = await fetch(`http://${replicaAddr(i)}/metrics`, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        return Number(/^parley_sse_connections_open (\d+)/m.exec(await res.text())?.[1] ?? 0);
      };
      const holder = (await openStreams(0)) > 0 ? 0 : 1;
      expect(await openStreams(holder)).toBe(1);
      const survivor = 1 - holder;
      const victim = replicas[holder] as NodeProcess;
      victim.child.kill("SIGKILL");
      expect(await victim.exited).toEqual({ code: null, signal: "SIGKILL" });
      const afterKill = await cut.rest();
      expect(afterKill.map((e) => e.event)).not.toContain("done");
      await logged(`/api/widget/${botId}/conversations/${conv}/messages`, 1);
      stub.release();
      stub.behaviour = { tokens: ["Still ", "here."] };

      // The widget sends the same question again: the other replica answers it, replacing the
      // cut-off reply; the question is stored once and counted once.
      const before = nginx.requests().length;
      const statuses: number[] = [];
      const retried = await ask(visitor, conv, question);
      statuses.push(retried.status);
      const retriedEvents = await readSse(retried);
      expect(retriedEvents.map((e) => e.event)).not.toContain("error");
      expect(textOf(retriedEvents), `${retried.status} ${JSON.stringify(retriedEvents)}`).toBe("Still here.");
      for (let i = 0; i < 4; i++) statuses.push((await fetch(`${nginx.url}/api/ready`)).status);
      statuses.push((await apiFetch("/api/chatbots")).status);
      const second = await ask(visitor, conv, "Second question");
      statuses.push(second.status);
      expect(textOf(await readSse(second))).toBe("Still here.");
      expect(statuses.every((s) => s === 200)).toBe(true);
      expect(await transcript()).toEqual([
        ["user", question],
        ["assistant", "Still here."],
        ["user", "Second question"],
        ["assistant", "Still here."],
      ]);
      expect(await usage()).toBe(usedBefore + 2);

      await until("nginx to log the requests", () => nginx.requests().length >= before + 7);
      const after = nginx.requests().slice(before);
      // Every request was answered by the survivor; any that nginx first sent to the dead replica
      // (connection refused: nothing reached it) was passed on to the survivor.
      expect(after.every((r) => r.status === 200 && r.upstreams.at(-1) === replicaAddr(survivor))).toBe(true);
      for (const r of after.filter((r) => r.upstreams.length > 1)) {
        expect(r.upstreams).toEqual([replicaAddr(holder), replicaAddr(survivor)]);
        expect(r.upstreamStatuses).toEqual(["502", "200"]);
      }
    });
  });
