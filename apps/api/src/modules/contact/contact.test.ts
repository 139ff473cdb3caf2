import { contactReceiptSchema, errorBodySchema } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testDrivers } from "../../../test/harness";
import { contactRequests } from "../../db/schema";

describe.each(testDrivers())("contact form on %s", (driver) => {
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
});
