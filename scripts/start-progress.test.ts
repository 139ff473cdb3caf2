import { describe, expect, it } from "vitest";
import { createStartWatch, phaseOf } from "./start-progress.mjs";

const pino = (msg: string) => JSON.stringify({ level: 30, time: 1, name: "api-migrations", msg });

describe("pnpm start's progress", () => {
  it("reads each phase from the services' own log lines", () => {
    expect(phaseOf(pino("database: creating a new embedded database in /srv/.data/api"))).toBe(
      "creating its database (first start)",
    );
    expect(phaseOf(pino("database: opening the embedded database in /srv/.data/api"))).toBe(
      "opening its database",
    );
    expect(phaseOf(pino("migrations: applying 29 pending"))).toBe("migrating its database (29 changes)");
    expect(phaseOf(pino("migration lock held by another session: waiting for it"))).toBe(
      "waiting for another process's migration",
    );
    expect(phaseOf(pino("migrations: done"))).toBe("starting up");
    expect(phaseOf(pino("migrations: up to date"))).toBe("starting up");
    expect(phaseOf(pino("demo content: adding the showcase chatbot if it is missing"))).toBe(
      "adding the demo content",
    );
    expect(phaseOf(pino("Parley API and web app on http://localhost:3000 (database: pglite)"))).toBe("ready");
    expect(phaseOf(pino("Server listening at http://127.0.0.1:3001"))).toBe("ready");
    expect(phaseOf(pino("migrations: applied 0003_billing"))).toBeUndefined();
    expect(phaseOf("not json at all")).toBeUndefined();
    expect(phaseOf("")).toBeUndefined();
  });

  it("says what each service is doing and for how long, while it starts", () => {
    let now = 0;
    const watch = createStartWatch(["auth", "api"], () => now);
    now = 20_000;
    watch.see("api", pino("migrations: applying 29 pending"));
    watch.see("auth", pino("migrations: up to date"));
    now = 45_000;
    watch.ready("auth");
    expect(watch.status()).toBe(
      "Still starting (45 s): auth is ready; api is migrating its database (29 changes) (25 s).",
    );
  });

  it("names the phase a service stopped in and shows its last lines, where its error is", () => {
    const watch = createStartWatch(["auth", "api"], () => 0);
    watch.see("api", pino("migrations: applying 29 pending"));
    for (let i = 0; i < 20; i++) watch.see("api", `line ${i}`);
    watch.see("api", "Error: could not create the data folder /data: EACCES");
    const text = watch.failure("api", "stopped (exit code 1)");
    expect(text).toMatch(
      /^The api service stopped \(exit code 1\) while migrating its database \(29 changes\)\./,
    );
    expect(text).toContain("  [api] Error: could not create the data folder /data: EACCES");
    // The last 15 lines only.
    expect(text).not.toContain("[api] line 5\n");
    expect(text).toContain("[api] line 6\n");
    expect(watch.failure("auth", "did not answer within 600 s")).toBe(
      "The auth service did not answer within 600 s while starting.\nIt printed nothing.",
    );
  });
});
