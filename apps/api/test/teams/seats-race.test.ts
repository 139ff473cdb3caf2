import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seatBreakdown } from "../../../auth/src/auth/workspaces";
import { invitation } from "../../../auth/src/db/schema";
import { uniqueEmail } from "../../../auth/test/flows";
import { setPlan, testDrivers } from "../harness";
import { type Person, type Services, signUp, startServices } from "./services";

/**
 * Issue #25: twenty invitations sent at once to a two-seat Starter workspace created eleven. Seats
 * are counted and taken in one transaction under the workspace's lock, so a burst fills exactly
 * the free seats, whichever driver holds the members.
 */
describe.each(testDrivers())("seats under concurrent requests on %s", (driver) => {
  let s: Services;

  beforeAll(async () => {
    s = await startServices(driver);
  });
  afterAll(async () => {
    await s?.close();
  });

  const invite = (owner: Person, email: string) =>
    owner.browser.post("/organization/invite-member", { email, role: "agent", organizationId: owner.userId });

  /** Twenty invitations to different addresses, all sent before any answer comes back. */
  const burst = (owner: Person, label: string) =>
    Promise.all(Array.from({ length: 20 }, (_, i) => invite(owner, uniqueEmail(`${label}-${i}`))));

  const statuses = (results: Array<{ status: number }>) => ({
    ok: results.filter((r) => r.status === 200).length,
    refused: results.filter((r) => r.status !== 200).length,
  });

  it("twenty invitations at once to a 2-seat Starter workspace: one is stored, nineteen get the seat-limit message", async () => {
    const owner = await signUp(s);
    await setPlan(s.api, owner.userId, "starter-monthly");
    const results = await burst(owner, "starter");
    expect(statuses(results)).toEqual({ ok: 1, refused: 19 });
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status, r.body).toBe(403);
      expect(r.json()).toMatchObject({
        code: "SEAT_LIMIT_REACHED",
        message: expect.stringMatching(/^Your Starter plan includes 2 seats, and every seat is taken/),
      });
    }
    expect(await seatBreakdown(s.auth.db, owner.userId)).toEqual({ used: 2, members: 1, pending: 1 });
  });

  it("bursts to two workspaces at the same time each fill their own free seats (Pro: 4 of 20, Starter: 1 of 20)", async () => {
    const [pro, starter] = [await signUp(s), await signUp(s)];
    await setPlan(s.api, pro.userId, "pro-monthly");
    await setPlan(s.api, starter.userId, "starter-monthly");
    const [proResults, starterResults] = await Promise.all([burst(pro, "pro"), burst(starter, "second")]);
    expect(statuses(proResults)).toEqual({ ok: 4, refused: 16 });
    expect(statuses(starterResults)).toEqual({ ok: 1, refused: 19 });
    expect(await seatBreakdown(s.auth.db, pro.userId)).toEqual({ used: 5, members: 1, pending: 4 });
    expect(await seatBreakdown(s.auth.db, starter.userId)).toEqual({ used: 2, members: 1, pending: 1 });
  });

  it("a seat freed by revoking an invitation is taken by exactly one of the next burst", async () => {
    const owner = await signUp(s);
    await setPlan(s.api, owner.userId, "starter-monthly");
    const first = await invite(owner, uniqueEmail("first"));
    expect(first.status, first.body).toBe(200);
    const refused = await invite(owner, uniqueEmail("refused"));
    expect(refused.json()).toMatchObject({ code: "SEAT_LIMIT_REACHED" });
    const revoked = await owner.browser.post("/organization/cancel-invitation", {
      invitationId: first.json<{ id: string }>().id,
    });
    expect(revoked.status, revoked.body).toBe(200);
    expect(statuses(await burst(owner, "after-revoke"))).toEqual({ ok: 1, refused: 19 });
    expect(await seatBreakdown(s.auth.db, owner.userId)).toEqual({ used: 2, members: 1, pending: 1 });
  });

  it("invitees accepting at once when one seat is left (a downgrade after the invitations): one joins, the others are told the workspace is full", async () => {
    const owner = await signUp(s);
    await setPlan(s.api, owner.userId, "pro-monthly");
    const emails = [1, 2, 3, 4].map((i) => uniqueEmail(`accept-${i}`));
    for (const email of emails) {
      const res = await invite(owner, email);
      expect(res.status, res.body).toBe(200);
    }
    const invitees: Person[] = [];
    for (const email of emails) invitees.push(await signUp(s, email));
    const ids = await Promise.all(
      emails.map(async (email) => {
        const [row] = await s.auth.db.db
          .select({ id: invitation.id })
          .from(invitation)
          .where(and(eq(invitation.organizationId, owner.userId), eq(invitation.email, email)));
        return row?.id ?? "";
      }),
    );
    // Starter: 2 seats, the owner holds one; four invitations are pending from before.
    await setPlan(s.api, owner.userId, "starter-monthly");
    const results = await Promise.all(
      invitees.map((p, i) => p.browser.post("/organization/accept-invitation", { invitationId: ids[i] })),
    );
    expect(statuses(results)).toEqual({ ok: 1, refused: 3 });
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status, r.body).toBe(403);
      expect(r.json()).toMatchObject({ code: "ORGANIZATION_MEMBERSHIP_LIMIT_REACHED" });
    }
    const seats = await seatBreakdown(s.auth.db, owner.userId);
    expect(seats.members).toBe(2);
    // The refused invitations stay pending: the owner chooses who stays (or upgrades).
    expect(seats.pending).toBe(3);
  });

  it("two tabs accepting the same invitation at once make one member, not two", async () => {
    const owner = await signUp(s);
    await setPlan(s.api, owner.userId, "pro-monthly");
    const email = uniqueEmail("twice");
    const sent = await invite(owner, email);
    expect(sent.status, sent.body).toBe(200);
    const invitee = await signUp(s, email);
    const id = sent.json<{ id: string }>().id;
    const results = await Promise.all(
      [1, 2, 3].map(() => invitee.browser.post("/organization/accept-invitation", { invitationId: id })),
    );
    expect(statuses(results)).toEqual({ ok: 1, refused: 2 });
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.json()).toMatchObject({ code: "INVITATION_NOT_FOUND" });
    }
    expect(await seatBreakdown(s.auth.db, owner.userId)).toEqual({ used: 2, members: 2, pending: 0 });
  });
});
