import { CONTACT_LIMITS, contactReceiptSchema, errorBodySchema } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testDrivers } from "../../../test/harness";
import { contactRequests } from "../../db/schema";

describe.each(testDrivers("either"))("contact form on %s", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => t?.close());

  it("stores a valid message and answers with a receipt", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: {
        name: "Layla",
        email: "Layla@Example.com",
        topic: "sales",
        message: "Do you support Arabic FAQs?",
      },
    });
    expect(res.statusCode).toBe(201);
    const receipt = contactReceiptSchema.parse(res.json());
    expect(receipt._id).toMatch(/^ctc_/);
    const rows = await t.db.db.select().from(contactRequests);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "contact", email: "layla@example.com", topic: "sales" });
  });

  it("refuses an invalid message with field details and stores nothing", async () => {
    const before = (await t.db.db.select().from(contactRequests)).length;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: "", email: "not-an-email", message: "short" },
    });
    expect(res.statusCode).toBe(400);
    const body = errorBodySchema.parse(res.json());
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.details?.map((d) => d.path)).toEqual(
      expect.arrayContaining(["body.name", "body.email", "body.message"]),
    );
    expect((await t.db.db.select().from(contactRequests)).length).toBe(before);
  });

  it("limits one address to a few messages an hour, whatever X-Forwarded-For it claims", async () => {
    const send = (i: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/contact",
        remoteAddress: "192.0.2.50",
        headers: { "x-forwarded-for": `203.0.113.${i}` },
        payload: { name: "Flood", email: "flood@example.com", message: `Message number ${i} for you.` },
      });
    // The first test already sent one from inject's default address, not this one.
    for (let i = 0; i < CONTACT_LIMITS.perIpPerHour; i++) expect((await send(i)).statusCode).toBe(201);
    const refused = await send(99);
    expect(refused.statusCode).toBe(429);
    expect(errorBodySchema.parse(refused.json()).error.message).toBe(
      "Too many messages from your network. Please try again later.",
    );
    expect(refused.headers["retry-after"]).toBeDefined();
  });
});
