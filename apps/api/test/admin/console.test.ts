import {
  adminHealthSchema,
  adminPaymentDetailSchema,
  adminPaymentListSchema,
  adminPlanListSchema,
  adminPlanSchema,
  adminWorkspaceDetailSchema,
  adminWorkspaceSearchSchema,
  auditListSchema,
  planChangeListSchema,
  planListSchema,
  subscriptionDetailsSchema,
  widgetConversationSchema,
} from "@parley/contracts";
import { signWebhook } from "@parley/contracts/server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeAdmin } from "../../../auth/src/cli/make-admin";
import { session as authSession } from "../../../auth/src/db/schema";
import { uniqueEmail } from "../../../auth/test/flows";
import { platformAuditLog } from "../../src/db/schema";
import { UNAVAILABLE_REPLY } from "../../src/modules/conversations/turn.service";
import { startGatewayLink } from "../billing/gateway-link";
import { testDrivers } from "../harness";
import { readSse, textOf } from "../sse-client";
import { callApi, type Person, type Services, signUp, startServices } from "../teams/services";

/**
 * The operator's console's API (issue #33) on both services for real: staff come from
 * PLATFORM_ADMIN_EMAILS (and the CLI for support), tokens from the auth service, the workspace
 * search asks the auth service over signed HTTP, payments go through the sandbox gateway over a
 * link that can break, and owners' e-mails reach a real SMTP listener.
 */
describe.each(testDrivers())("operator's console API on %s", (driver) => {
  let s: Services;
  let link: Awaited<ReturnType<typeof startGatewayLink>>;
  let operator: Person;
  let support: Person;
  let customer: Person;
  const operatorEmail = uniqueEmail("operator");

  beforeAll(async () => {
    link = await startGatewayLink(() => s.api.url);
    s = await startServices(driver, { INTERNAL_URL: link.url }, { PLATFORM_ADMIN_EMAILS: operatorEmail });
    operator = await signUp(s, operatorEmail);
    support = await signUp(s);
    await makeAdmin(s.auth.app.parley.auth, s.auth.env, { email: support.email, role: "support" });
    customer = await signUp(s, uniqueEmail("customer"));
  });
  afterAll(async () => {
    await s?.close();
    await link?.close();
  });

  const as = async (who: Person, method: string, path: string, body?: unknown) =>
    callApi(s, await who.token(), method, path, body);

  /** A session that signed in `minutes` ago: what the step-up sees after a while in the console. */
  async function signedInMinutesAgo(who: Person, minutes: number) {
    const token = who.browser.sessionToken() ?? "";
    await s.auth.db.db
      .update(authSession)
      .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(authSession.token, token));
  }

  it("is for platform staff only: a customer, a signed-out caller and an API key are refused", async () => {
    const customerTry = await as(
      customer,
      "GET",
      `/api/admin/workspaces?q=${encodeURIComponent(customer.email)}`,
    );
    expect(customerTry.status).toBe(403);
    expect(customerTry.json.error).toMatchObject({
      code: "FORBIDDEN",
      message: "This area is for Parley's staff only.",
    });
    // Nothing of the console's data leaks in the refusal.
    expect(JSON.stringify(customerTry.json)).not.toContain(customer.userId);

    const anonymous = await fetch(`${s.api.url}/api/admin/health`);
    expect(anonymous.status).toBe(401);

    const key = await fetch(`${s.api.url}/api/admin/health`, {
      headers: { authorization: "Bearer prly_live_0123456789abcdefghijklmnopqrstuv" },
    });
    expect(key.status).toBe(403);
    expect(((await key.json()) as { error: { message: string } }).error.message).toBe(
      "API keys cannot use the operator's console.",
    );
    // The staff-only OpenAPI document too.
    expect((await as(customer, "GET", "/api/admin/openapi.json")).status).toBe(403);
  });

  it("finds a customer's workspace by e-mail, name and id, and shows what it holds", async () => {
    // The customer builds a bot (the API learns their name and e-mail on this call).
    const bot = await as(customer, "POST", "/api/chatbots", { name: "Perfume help" });
    expect(bot.status).toBe(201);

    for (const q of [customer.email.toUpperCase(), customer.email.split("@")[0] ?? "", customer.userId]) {
      const found = await as(operator, "GET", `/api/admin/workspaces?q=${encodeURIComponent(q)}`);
      expect(found.status, q).toBe(200);
      const search = adminWorkspaceSearchSchema.parse(found.json);
      expect(search.partial).toBe(false);
      const hit = search.items.find((w) => w.id === customer.userId);
      expect(hit, q).toMatchObject({ plan: { name: "Free", tier: 0 }, status: "active" });
      expect(hit?.owners.map((o) => o.email)).toEqual([customer.email]);
    }
    // A shared workspace is found by its name (the auth service answers), with its owner.
    const teamOwner = await signUp(s);
    const team = await teamOwner.browser.post("/organization/create", {
      name: "Gulf Perfumes Team",
      slug: `gulf-${Date.now()}`,
    });
    expect(team.status, team.body).toBe(200);
    const teamId = team.json<{ id: string }>().id;
    const byName = adminWorkspaceSearchSchema.parse(
      (await as(operator, "GET", "/api/admin/workspaces?q=gulf%20perf")).json,
    );
    expect(byName.items).toEqual([
      expect.objectContaining({ id: teamId, name: "Gulf Perfumes Team", personal: false, matched: ["name"] }),
    ]);
    expect(byName.items[0]?.owners.map((o) => o.email)).toEqual([teamOwner.email]);
    // Support staff may look too.
    expect(
      (await as(support, "GET", `/api/admin/workspaces?q=${encodeURIComponent(customer.email)}`)).status,
    ).toBe(200);
    // A one-letter search, a NUL and LIKE wildcards are not a way to list everyone.
    expect((await as(operator, "GET", "/api/admin/workspaces?q=a")).status).toBe(400);
    expect((await as(operator, "GET", "/api/admin/workspaces?q=%00%00")).status).toBe(400);
    const wildcard = adminWorkspaceSearchSchema.parse(
      (await as(operator, "GET", "/api/admin/workspaces?q=%25%25")).json,
    );
    expect(wildcard.items).toEqual([]);

    const detail = await as(operator, "GET", `/api/admin/workspaces/${customer.userId}`);
    expect(detail.status).toBe(200);
    const w = adminWorkspaceDetailSchema.parse(detail.json);
    expect(w.membersKnown).toBe(true);
    expect(w.members).toEqual([expect.objectContaining({ email: customer.email, role: "owner" })]);
    expect(w.chatbots.map((b) => b.name)).toEqual(["Perfume help"]);
    expect(w.subscription.plan.names.en).toBe("Free");
    expect(w.usage.used.chatbots).toBe(1);
    expect(w.usage.limits.chatbots).toBeGreaterThanOrEqual(1);

    expect((await as(operator, "GET", "/api/admin/workspaces/ws_nobody_has_this")).status).toBe(404);
  });

  it("finds a customer by payment reference; asks the gateway about a payment whose callback was lost", async () => {
    const plans = planListSchema.parse(await (await fetch(`${s.api.url}/api/plans`)).json());
    const starter = plans.find((p) => p.name === "Starter" && p.billingInterval === "monthly");
    if (!starter) throw new Error("no Starter plan");
    const started = await as(customer, "POST", "/api/payments/initiate", {
      payment_provider: "mastercard",
      amount: starter.price.amount,
      planId: starter._id,
    });
    expect(started.status).toBe(200);
    const trackId = String(started.json.track_id);
    // The customer pays at the gateway while its callback cannot reach the API.
    await link.set("down");
    try {
      const paid = await fetch(String(started.json.payment_url), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "decision=approve",
        redirect: "manual",
      });
      expect(paid.status).toBe(303);
    } finally {
      await link.set("up");
    }

    const found = adminWorkspaceSearchSchema.parse(
      (await as(support, "GET", `/api/admin/workspaces?q=${trackId}`)).json,
    );
    expect(found.items).toEqual([expect.objectContaining({ id: customer.userId, matched: ["payment"] })]);

    const listed = adminPaymentListSchema.parse(
      (await as(operator, "GET", `/api/admin/payments?state=pending&q=${trackId}`)).json,
    );
    expect(listed.items.map((p) => p.trackId)).toEqual([trackId]);

    // Support may look, not act; an admin signed in long ago is asked to sign in again.
    const reason = { reason: "Customer wrote: I paid and I'm still on Free" };
    expect((await as(support, "POST", `/api/admin/payments/${trackId}/inquire`, reason)).status).toBe(403);
    await signedInMinutesAgo(operator, 11);
    const stale = await as(operator, "POST", `/api/admin/payments/${trackId}/inquire`, reason);
    expect(stale.status).toBe(401);
    expect(stale.json.error?.code).toBe("STEP_UP_REQUIRED");
    await signedInMinutesAgo(operator, 0);

    const asked = await as(operator, "POST", `/api/admin/payments/${trackId}/inquire`, reason);
    expect(asked.status).toBe(200);
    const payment = adminPaymentDetailSchema.parse(asked.json);
    expect(payment.state).toBe("captured");
    expect(payment.events.length).toBeGreaterThan(0);
    const details = subscriptionDetailsSchema.parse(
      (await as(customer, "GET", `/api/subscription/details/${customer.userId}`)).json,
    );
    expect(details.plan.name).toBe("Starter");
    // Asking again: decided, nothing to ask.
    expect((await as(operator, "POST", `/api/admin/payments/${trackId}/inquire`, reason)).status).toBe(409);

    const [entry] = await s.api.db.db
      .select()
      .from(platformAuditLog)
      .where(eq(platformAuditLog.targetId, trackId));
    expect(entry).toMatchObject({
      actorEmail: operatorEmail,
      action: "payment.inquired",
      reason: reason.reason,
      workspaceId: customer.userId,
      before: { state: "pending" },
      after: { state: "captured" },
    });

    // A cursor from elsewhere is refused, not read.
    expect((await as(operator, "GET", "/api/admin/payments?cursor=bm90LWEtY3Vyc29y")).status).toBe(400);
  });

  it("resolves payments held for review: one granted as paid, one declined; each once", async () => {
    const payer = await signUp(s);
    const plans = planListSchema.parse(await (await fetch(`${s.api.url}/api/plans`)).json());
    const starter = plans.find((p) => p.name === "Starter" && p.billingInterval === "monthly");
    if (!starter) throw new Error("no Starter plan");
    /** A payment the gateway then captured for another amount (its signed notification). */
    const held = async () => {
      const started = await as(payer, "POST", "/api/payments/initiate", {
        payment_provider: "mastercard",
        amount: starter.price.amount,
        planId: starter._id,
      });
      expect(started.status).toBe(200);
      const trackId = String(started.json.track_id);
      const raw = JSON.stringify({
        type: "payment.decided",
        trackId,
        status: "captured",
        amountMinor: 1_000,
        currency: "BHD",
        resultCode: null,
        resultMessage: null,
      });
      const res = await fetch(`${s.api.url}/api/payments/callback/sandbox`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...signWebhook(s.api.env.PAYMENTS_SANDBOX_SECRET, raw, {
            id: `evt_${Math.random().toString(36).slice(2)}`,
            timestamp: Math.floor(Date.now() / 1000),
          }),
        },
        body: raw,
      });
      expect(res.status).toBe(409);
      return trackId;
    };
    const first = await held();
    const second = await held();
    const listed = adminPaymentListSchema.parse(
      (await as(support, "GET", `/api/admin/payments?state=amount_mismatch&q=${payer.userId}`)).json,
    );
    expect(listed.items.map((p) => p.trackId).sort()).toEqual([first, second].sort());
    // Filtered by amount and by the day they started (UTC).
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const filtered = async (query: string) => {
      const res = await as(support, "GET", `/api/admin/payments?q=${payer.userId}&${query}`);
      expect(res.status, query).toBe(200);
      return adminPaymentListSchema
        .parse(res.json)
        .items.map((p) => p.trackId)
        .sort();
    };
    expect(await filtered(`amount=${starter.price.amount}&from=${today}&to=${today}`)).toEqual(
      [first, second].sort(),
    );
    expect(await filtered("amount=1")).toEqual([]);
    expect(await filtered(`from=${tomorrow}`)).toEqual([]);
    expect(await filtered(`to=${tomorrow}&from=${tomorrow}`)).toEqual([]);
    for (const bad of ["from=2026-02-30", "to=yesterday", "amount=-1", "amount=lots"]) {
      expect((await as(support, "GET", `/api/admin/payments?${bad}`)).status, bad).toBe(400);
    }

    // Asking the gateway about a held payment records its word among the events; the state stays
    // for the operator to decide.
    const asked = await as(operator, "POST", `/api/admin/payments/${first}/inquire`, {
      reason: "What does the bank say?",
    });
    expect(asked.status).toBe(200);
    expect(adminPaymentDetailSchema.parse(asked.json).state).toBe("amount_mismatch");

    const resolve = (who: Person, trackId: string, decision: string) =>
      as(who, "POST", `/api/admin/payments/${trackId}/resolve`, {
        decision,
        reason: "Checked with the bank",
      });
    expect((await resolve(support, first, "grant")).status).toBe(403);
    expect((await resolve(operator, first, "refund everything")).status).toBe(400);
    const granted = await resolve(operator, first, "grant");
    expect(granted.status).toBe(200);
    expect(adminPaymentDetailSchema.parse(granted.json).state).toBe("captured");
    const plan = subscriptionDetailsSchema.parse(
      (await as(payer, "GET", `/api/subscription/details/${payer.userId}`)).json,
    ).plan.name;
    expect(plan).toBe("Starter");
    // Once: a second decision on it, or on a payment that was never held, is refused.
    expect((await resolve(operator, first, "decline")).status).toBe(409);

    const declined = await resolve(operator, second, "decline");
    expect(adminPaymentDetailSchema.parse(declined.json).state).toBe("failed");
    const history = (await as(payer, "GET", "/api/payments")).json as unknown as {
      track_id: string;
      status: string;
      resultMessage: string | null;
    }[];
    expect(history.find((p) => p.track_id === second)).toMatchObject({
      status: "failed",
      resultMessage: "Declined after review: the amount paid did not match the price",
    });
    const actions = await s.api.db.db
      .select()
      .from(platformAuditLog)
      .where(eq(platformAuditLog.workspaceId, payer.userId));
    expect(actions.map((a) => a.action).sort()).toEqual([
      "payment.inquired",
      "payment.review_declined",
      "payment.review_granted",
    ]);
  });

  it("refunds through the sandbox gateway: never more than was paid, with the plan's consequence said", async () => {
    const plans = planListSchema.parse(await (await fetch(`${s.api.url}/api/plans`)).json());
    const starter = plans.find((p) => p.name === "Starter" && p.billingInterval === "monthly");
    if (!starter) throw new Error("no Starter plan");
    /** A payer whose Starter payment the sandbox gateway captured. */
    const paid = async () => {
      const payer = await signUp(s);
      const started = await as(payer, "POST", "/api/payments/initiate", {
        payment_provider: "mastercard",
        amount: starter.price.amount,
        planId: starter._id,
      });
      const page = await fetch(String(started.json.payment_url), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "decision=approve",
        redirect: "manual",
      });
      expect(page.status).toBe(303);
      const trackId = String(started.json.track_id);
      expect(
        adminPaymentDetailSchema.parse((await as(operator, "GET", `/api/admin/payments/${trackId}`)).json),
      ).toMatchObject({
        state: "captured",
        refundable: true,
        refunds: [],
      });
      return { payer, trackId };
    };
    const planOf = async (who: Person) =>
      subscriptionDetailsSchema.parse((await as(who, "GET", `/api/subscription/details/${who.userId}`)).json)
        .plan.name;
    const refund = (trackId: string, body: Record<string, unknown>, who = operator) =>
      as(who, "POST", `/api/admin/payments/${trackId}/refund`, {
        reason: "Customer asked, within 14 days",
        ...body,
      });

    const a = await paid();
    const price = starter.price.amount;
    expect((await refund(a.trackId, { amount: 1, planConsequence: "keep" }, support)).status).toBe(403);
    expect((await refund(a.trackId, { amount: price + 1, planConsequence: "keep" })).status).toBe(400);
    expect((await refund(a.trackId, { amount: 1.0001, planConsequence: "keep" })).status).toBe(400);
    expect((await refund(a.trackId, { amount: 1, planConsequence: "someday" })).status).toBe(400);

    // Part of it, the plan kept.
    const part = await refund(a.trackId, { amount: 1, planConsequence: "keep" });
    expect(part.status).toBe(200);
    expect(adminPaymentDetailSchema.parse(part.json).refunds).toEqual([
      expect.objectContaining({
        status: "refunded",
        amount: { amount: 1, currency: "BHD" },
        planConsequence: "keep",
      }),
    ]);
    expect(await planOf(a.payer)).toBe("Starter");
    // The rest, asked twice at once: one refund goes through, the other is refused.
    const rest = Math.round((price - 1) * 1000) / 1000;
    const both = await Promise.all([
      refund(a.trackId, { amount: rest, planConsequence: "keep" }),
      refund(a.trackId, { amount: rest, planConsequence: "keep" }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    const again = await refund(a.trackId, { amount: 0.5, planConsequence: "keep" });
    expect(again.json.error?.message).toBe("This payment was already refunded in full");
    const refunds = adminPaymentDetailSchema.parse(
      (await as(operator, "GET", `/api/admin/payments/${a.trackId}`)).json,
    ).refunds;
    expect(refunds.filter((r) => r.status === "refunded").map((r) => r.amount.amount)).toEqual([1, rest]);

    // The whole of another payment, the workspace on Free at once; its activity log says why.
    const b = await paid();
    const whole = await refund(b.trackId, { amount: price, planConsequence: "free_now" });
    expect(whole.status).toBe(200);
    expect(await planOf(b.payer)).toBe("Free");
    const log = auditListSchema.parse((await as(b.payer, "GET", "/api/workspace/audit-log")).json).entries;
    expect(log[0]).toMatchObject({
      action: "plan.changed",
      details: { by: "parley", refund: "free_now", to: "Free" },
    });

    // Free at the end of the period for a third; a consequence for a payment that is not the
    // current period's is refused (b's workspace is on Free now).
    const c = await paid();
    expect((await refund(c.trackId, { amount: 1, planConsequence: "end_of_period" })).status).toBe(200);
    const pending = subscriptionDetailsSchema.parse(
      (await as(c.payer, "GET", `/api/subscription/details/${c.payer.userId}`)).json,
    ).pendingChange;
    expect(pending?.plan.name).toBe("Free");
    const [entry] = await s.api.db.db
      .select()
      .from(platformAuditLog)
      .where(eq(platformAuditLog.workspaceId, c.payer.userId));
    expect(entry).toMatchObject({
      action: "payment.refunded",
      after: { status: "refunded", planConsequence: "end_of_period" },
    });

    // A payment not captured cannot be refunded.
    const pendingPay = await as(c.payer, "POST", "/api/payments/initiate", {
      payment_provider: "mastercard",
      amount: starter.price.amount,
      planId: starter._id,
    });
    expect(
      (await refund(String(pendingPay.json.track_id), { amount: 1, planConsequence: "keep" })).status,
    ).toBe(409);
  });

  it("grants a plan until a date with a reason; the customer sees it; bad grants are refused", async () => {
    const plans = adminPlanListSchema.parse((await as(operator, "GET", "/api/admin/plans")).json).items;
    const pro = plans.find((p) => p.texts.en.name === "Pro" && p.billingInterval === "monthly");
    const free = plans.find((p) => p.tier === 0);
    if (!pro || !free) throw new Error("plans missing");
    const until = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
    const grant = { planId: pro.id, until, reason: "Goodwill: the outage on the 3rd" };
    const url = `/api/admin/workspaces/${customer.userId}/subscription`;

    // Refusals: support, a stale sign-in, no reason, a past or far date, the Free plan, an unknown plan.
    expect((await as(support, "POST", url, grant)).status).toBe(403);
    expect((await as(customer, "POST", url, grant)).status).toBe(403);
    await signedInMinutesAgo(operator, 30);
    expect((await as(operator, "POST", url, grant)).json.error?.code).toBe("STEP_UP_REQUIRED");
    await signedInMinutesAgo(operator, 0);
    expect((await as(operator, "POST", url, { ...grant, reason: " " })).status).toBe(400);
    expect((await as(operator, "POST", url, { ...grant, until: "2001-01-01" })).json.error?.message).toBe(
      "Choose an end date in the future",
    );
    expect((await as(operator, "POST", url, { ...grant, until: "2099-01-01" })).status).toBe(400);
    expect((await as(operator, "POST", url, { ...grant, until: "not a date" })).status).toBe(400);
    expect((await as(operator, "POST", url, { ...grant, planId: free.id })).status).toBe(400);
    expect((await as(operator, "POST", url, { ...grant, planId: "plan_missing" })).status).toBe(404);

    const granted = await as(operator, "POST", url, grant);
    expect(granted.status).toBe(200);
    const details = subscriptionDetailsSchema.parse(
      (await as(customer, "GET", `/api/subscription/details/${customer.userId}`)).json,
    );
    expect(details.plan.name).toBe("Pro");
    expect(details.currentPeriodEnd?.slice(0, 10)).toBe(until);

    // A downgrade at the end of the period, as the customer would schedule it, then cancelled.
    const starter = plans.find((p) => p.texts.en.name === "Starter" && p.billingInterval === "monthly");
    const downgradeUrl = `${url}/downgrade`;
    expect(
      (await as(support, "POST", downgradeUrl, { planId: starter?.id, reason: "Asked by phone" })).status,
    ).toBe(403);
    expect(
      (await as(operator, "POST", downgradeUrl, { planId: pro.id, reason: "Asked by phone" })).status,
    ).toBe(400);
    const scheduled = await as(operator, "POST", downgradeUrl, {
      planId: starter?.id,
      reason: "Asked by phone",
    });
    expect(scheduled.status).toBe(200);
    expect(String(scheduled.json.message)).toMatch(
      /^Downgrade scheduled: your plan will change to Starter on /,
    );
    const pending = subscriptionDetailsSchema.parse(
      (await as(customer, "GET", `/api/subscription/details/${customer.userId}`)).json,
    ).pendingChange;
    expect(pending?.plan.name).toBe("Starter");
    const cancelled = await as(operator, "POST", downgradeUrl, {
      planId: null,
      reason: "Changed their mind",
    });
    expect(cancelled.json).toEqual({
      message: "Your scheduled downgrade was cancelled; your plan stays as it is",
    });

    // A workspace whose plan was only ever granted (no payment reference) can be downgraded too;
    // a customer cannot skip the reference check by sending none.
    const gifted = await signUp(s);
    const giftUrl = `/api/admin/workspaces/${gifted.userId}/subscription`;
    expect((await as(operator, "POST", giftUrl, grant)).status).toBe(200);
    const giftDown = await as(operator, "POST", `${giftUrl}/downgrade`, {
      planId: starter?.id,
      reason: "Asked by phone",
    });
    expect(giftDown.status, JSON.stringify(giftDown.json)).toBe(200);
    const selfDown = await as(gifted, "POST", "/api/subscriptions/downgrade-subscription", {
      track_id: null,
      userId: gifted.userId,
      newPlanExists: { _id: starter?.id },
      isYearly: false,
    });
    expect(selfDown.status).toBe(400);

    // The customer's billing history lists the plan changes, Parley's marked as such.
    const changes = planChangeListSchema.parse((await as(customer, "GET", "/api/subscription/changes")).json);
    expect(changes.slice(0, 3).map((c) => [c.kind, c.byParley])).toEqual([
      ["downgrade_cancelled", true],
      ["downgrade_scheduled", true],
      ["granted", true],
    ]);
    expect(changes[2]).toMatchObject({
      to: { en: "Pro" },
      effectiveAt: expect.stringMatching(new RegExp(`^${until}`)),
    });
    expect(changes.find((c) => c.kind === "upgrade")?.byParley).toBe(false);

    // The customer's activity log says Parley changed the plan, and why.
    const log = auditListSchema.parse((await as(customer, "GET", "/api/workspace/audit-log")).json).entries;
    expect(log.find((e) => e.action === "plan.changed" && e.details.by === "parley")).toMatchObject({
      actorEmail: null,
      details: { reason: grant.reason, to: "Pro" },
    });
    // The console shows the change, and the platform log keeps before and after.
    const w = adminWorkspaceDetailSchema.parse(
      (await as(operator, "GET", `/api/admin/workspaces/${customer.userId}`)).json,
    );
    expect(w.subscriptionChanges.map((c) => c.kind).slice(0, 3)).toEqual([
      "downgrade_cancelled",
      "downgrade_scheduled",
      "granted",
    ]);
    expect(w.subscriptionChanges[2]).toMatchObject({
      kind: "granted",
      to: { en: "Pro" },
      reference: "admin",
    });
    expect(w.audit.map((a) => a.action).slice(0, 3)).toEqual([
      "subscription.downgrade_cancelled",
      "subscription.downgrade_scheduled",
      "subscription.granted",
    ]);
    expect(w.audit[2]).toMatchObject({
      action: "subscription.granted",
      actorEmail: operatorEmail,
      reason: grant.reason,
      after: { planId: pro.id },
    });
  });

  it("edits a plan's Arabic description without losing the English; two edits of one version: one wins", async () => {
    const plans = adminPlanListSchema.parse((await as(operator, "GET", "/api/admin/plans")).json).items;
    const business = plans.find((p) => p.texts.en.name === "Business" && p.billingInterval === "yearly");
    if (!business) throw new Error("no Business plan");
    const description = {
      en: business.texts.en.description,
      ar: "للفرق الكبيرة: كل ما في الباقات الأخرى وأكثر.",
    };
    const edit = (body: Record<string, unknown>) =>
      as(operator, "PATCH", `/api/admin/plans/${business.id}`, {
        version: business.version,
        reason: "Clearer Arabic",
        ...body,
      });

    const [a, b] = await Promise.all([edit({ description }), edit({ limits: { chatbots: 99 } })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.json.error?.message).toContain(`version ${business.version + 1}`);

    const winner = adminPlanSchema.parse((a.status === 200 ? a : b).json);
    expect(winner.version).toBe(business.version + 1);
    // Make sure the description is in, whichever edit won (the loser retries on the new version).
    let current = winner;
    if (current.texts.ar.description !== description.ar) {
      const retry = await as(operator, "PATCH", `/api/admin/plans/${business.id}`, {
        version: current.version,
        reason: "Clearer Arabic",
        description,
      });
      expect(retry.status).toBe(200);
      current = adminPlanSchema.parse(retry.json);
    }
    // The pricing page reads it (after the catalogue cache), and a reboot's seed keeps it.
    s.api.app.services.plans.invalidate();
    await s.api.app.services.plans.seed();
    const pricing = planListSchema.parse(await (await fetch(`${s.api.url}/api/plans`)).json());
    const shown = pricing.find((p) => p._id === business.id);
    expect(shown?.texts.ar.description).toBe(description.ar);
    expect(shown?.texts.en.description).toBe(business.texts.en.description);

    // Hostile edits: unknown fields, a stale version, empty names, the Free plan's price, no reason.
    const patch = (body: Record<string, unknown>) =>
      as(operator, "PATCH", `/api/admin/plans/${business.id}`, body);
    expect((await patch({ version: current.version, reason: "x y z", currency: "USD" })).status).toBe(400);
    expect((await patch({ version: 1, reason: "Old tab", limits: { chatbots: 1 } })).status).toBe(409);
    expect(
      (await patch({ version: current.version, reason: "Names", name: { en: "Business", ar: "" } })).status,
    ).toBe(400);
    expect((await patch({ version: current.version, limits: { chatbots: 5 } })).status).toBe(400);
    expect((await patch({ version: current.version, reason: "Nothing" })).status).toBe(400);
    const free = plans.find((p) => p.tier === 0);
    expect(
      (
        await as(operator, "PATCH", `/api/admin/plans/${free?.id}`, {
          version: free?.version,
          reason: "Try",
          isActive: false,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await as(support, "PATCH", `/api/admin/plans/${business.id}`, {
          version: current.version,
          reason: "Try",
          limits: { chatbots: 1 },
        })
      ).status,
    ).toBe(403);
  });

  it("a price scheduled for a later date leaves today's price alone until then", async () => {
    const plans = adminPlanListSchema.parse((await as(operator, "GET", "/api/admin/plans")).json).items;
    const starter = plans.find((p) => p.texts.en.name === "Starter" && p.billingInterval === "monthly");
    if (!starter) throw new Error("no Starter plan");
    const from = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const res = await as(operator, "PATCH", `/api/admin/plans/${starter.id}`, {
      version: starter.version,
      reason: "New prices next month",
      price: { amount: starter.price.amount + 1, from },
    });
    expect(res.status).toBe(200);
    const edited = adminPlanSchema.parse(res.json);
    expect(edited.price).toEqual(starter.price);
    expect(edited.nextPrice).toEqual({
      amount: { amount: starter.price.amount + 1, currency: starter.price.currency },
      from,
    });
    s.api.app.services.plans.invalidate();
    const pricing = planListSchema.parse(await (await fetch(`${s.api.url}/api/plans`)).json());
    expect(pricing.find((p) => p._id === starter.id)?.price).toEqual(starter.price);
  });

  it("suspends a bot: its widget answers 'unavailable' without asking the engine; owners are e-mailed; lifting it restores answers", async () => {
    // The customer (on Pro now) publishes a bot.
    const created = await as(customer, "POST", "/api/chatbots", { name: "Shop assistant" });
    expect(created.status).toBe(201);
    const botId = String(created.json._id);
    expect((await as(customer, "PATCH", `/api/chatbots/${botId}`, { published: true })).status).toBe(200);
    const visitor = "visitorADMINADMINADMIN01";
    const widget = (method: string, p: string, body?: unknown) =>
      fetch(`${s.api.url}/api/widget/${botId}${p}`, {
        method,
        headers: {
          "x-parley-visitor": visitor,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const conversation = widgetConversationSchema.parse(
      await (await widget("POST", "/conversations")).json(),
    )._id;
    const ask = async (content: string) =>
      textOf(await readSse(await widget("POST", `/conversations/${conversation}/messages`, { content })));

    expect(await ask("Hello?")).not.toBe(UNAVAILABLE_REPLY);

    const reason = { reason: "Spam sent through the widget" };
    expect((await as(support, "POST", `/api/admin/chatbots/${botId}/suspend`, reason)).status).toBe(403);
    expect((await as(customer, "POST", `/api/admin/chatbots/${botId}/suspend`, reason)).status).toBe(403);
    expect((await as(operator, "POST", "/api/admin/chatbots/cb_missing/suspend", reason)).status).toBe(404);
    const since = s.smtp.mails.length;
    const suspended = await as(operator, "POST", `/api/admin/chatbots/${botId}/suspend`, reason);
    expect(suspended.status).toBe(200);
    expect(suspended.json).toMatchObject({ id: botId, suspendedReason: reason.reason });

    const usageBefore = adminWorkspaceDetailSchema.parse(
      (await as(operator, "GET", `/api/admin/workspaces/${customer.userId}`)).json,
    ).usage.used.messagesPerMonth;
    expect(await ask("What do you sell?")).toBe(UNAVAILABLE_REPLY);
    // The owner's dashboard says so, with the reason; they cannot lift it themselves.
    const owned = await as(customer, "GET", `/api/chatbots/${botId}`);
    expect(owned.json.suspended).toMatchObject({ reason: reason.reason });
    await as(customer, "PATCH", `/api/chatbots/${botId}`, { suspended: null, suspendedAt: null });
    expect((await as(customer, "GET", `/api/chatbots/${botId}`)).json.suspended).toMatchObject({
      reason: reason.reason,
    });
    // Not counted against the plan, and the owner cannot lift it from the dashboard.
    const after = adminWorkspaceDetailSchema.parse(
      (await as(operator, "GET", `/api/admin/workspaces/${customer.userId}`)).json,
    );
    expect(after.usage.used.messagesPerMonth).toBe(usageBefore);
    expect(after.chatbots.find((b) => b.id === botId)?.suspendedReason).toBe(reason.reason);

    // The owners are told why (the mail job runs).
    await s.api.app.services.jobs.drain();
    const mail = await s.smtp.waitFor(customer.email, /was suspended/, { since });
    expect(mail.text).toContain(reason.reason);

    const lifted = await as(operator, "POST", `/api/admin/chatbots/${botId}/unsuspend`, {
      reason: "Owner fixed it",
    });
    expect(lifted.status).toBe(200);
    expect(lifted.json).toMatchObject({ suspendedAt: null, suspendedReason: null });
    expect(await ask("And now?")).not.toBe(UNAVAILABLE_REPLY);
    expect((await as(customer, "GET", `/api/chatbots/${botId}`)).json.suspended).toBeNull();
    await s.api.app.services.jobs.drain();
    await s.smtp.waitFor(customer.email, /available again/, { since });

    // The whole workspace: every bot of it answers the notice, until lifted.
    const url = `/api/admin/workspaces/${customer.userId}`;
    expect((await as(support, "POST", `${url}/suspend`, reason)).status).toBe(403);
    expect((await as(operator, "POST", "/api/admin/workspaces/usr_nobody/suspend", reason)).status).toBe(404);
    const ws = await as(operator, "POST", `${url}/suspend`, { reason: "Chargebacks under review" });
    expect(ws.status).toBe(200);
    expect(await ask("Still there?")).toBe(UNAVAILABLE_REPLY);
    const detail = adminWorkspaceDetailSchema.parse((await as(operator, "GET", url)).json);
    expect(detail.suspension).toMatchObject({ reason: "Chargebacks under review", by: operatorEmail });
    await s.api.app.services.jobs.drain();
    const wsMail = await s.smtp.waitFor(customer.email, /workspace was suspended/, { since });
    expect(wsMail.text).toContain("Chargebacks under review");
    expect(
      (await as(operator, "POST", `${url}/unsuspend`, { reason: "Resolved with the bank" })).json,
    ).toMatchObject({
      suspendedAt: null,
    });
    expect(await ask("Back?")).not.toBe(UNAVAILABLE_REPLY);
    expect(adminWorkspaceDetailSchema.parse((await as(operator, "GET", url)).json).suspension).toBeNull();
  });

  it("health: queue, webhooks, ingestion, payments, volume and revenue in one read", async () => {
    const res = await as(support, "GET", "/api/admin/health");
    expect(res.status).toBe(200);
    const health = adminHealthSchema.parse(res.json);
    expect(health.messagesByHour.some((m) => m.channel === "widget" && m.messages > 0)).toBe(true);
    // The Starter payments captured above (the customer's, the one granted after review, and the
    // three refunded ones) are this month's, each a workspace's first payment; the refunds too.
    const month = new Date().toISOString().slice(0, 7);
    const starter = planListSchema
      .parse(await (await fetch(`${s.api.url}/api/plans`)).json())
      .find((p) => p.name === "Starter" && p.billingInterval === "monthly");
    const price = starter?.price.amount ?? 0;
    const row = health.revenue.find((r) => r.month === month);
    expect(row).toMatchObject({ newWorkspaces: 5, currency: "BHD" });
    expect(row?.captured).toBeCloseTo(5 * price, 3);
    expect(row?.refunded).toBeCloseTo(2 * price + 1, 3);
    // On a paid plan now: the customer's and the other workspace's granted Pro, the reviewed
    // payer's Starter, and the two refunded payers whose plan was kept or ends with the period.
    expect(health.mrr).toEqual([expect.objectContaining({ currency: "BHD", workspaces: 5 })]);
    expect(health.suspendedChatbots).toBe(0);
    const actions = await as(support, "GET", "/api/admin/actions");
    expect((actions.json.items as { action: string }[]).map((a) => a.action)).toEqual(
      expect.arrayContaining([
        "payment.inquired",
        "subscription.granted",
        "chatbot.suspended",
        "chatbot.unsuspended",
      ]),
    );
  });

  it("me: the role, and until when changes are allowed; the OpenAPI document names every route", async () => {
    const me = await as(operator, "GET", "/api/admin/me");
    expect(me.json).toMatchObject({ role: "admin", email: operatorEmail });
    expect(Date.parse(String(me.json.changesUntil))).toBeGreaterThan(Date.now());
    expect((await as(support, "GET", "/api/admin/me")).json).toMatchObject({
      role: "support",
      changesUntil: null,
    });
    const doc = (await as(support, "GET", "/api/admin/openapi.json")).json as {
      paths: Record<string, Record<string, { operationId: string; tags: string[] }>>;
    };
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p));
    expect(ops.length).toBeGreaterThanOrEqual(12);
    expect(ops.every((o) => o.tags.includes("Admin") && o.operationId.startsWith("admin"))).toBe(true);
  });
});
