import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { namingStatements, PLAN_EACH_RUN } from "./prepared";

// Statements run again and again are prepared once per connection; one marked PLAN_EACH_RUN is
// planned for its values at every run (a prepared statement's plan turns generic after five runs).
describe.runIf(process.env.DATABASE_URL)("named statements on Postgres", () => {
  let client: pg.Client;
  const prepared = async () =>
    (await client.query<{ statement: string }>("select statement from pg_prepared_statements")).rows.map(
      (r) => r.statement,
    );

  beforeAll(async () => {
    const Client = namingStatements(pg);
    client = new Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
  });

  it("prepares a statement with parameters once it runs again", async () => {
    const text = "select $1::int + 1 as n -- named";
    // As drizzle sends them: a query config with its values.
    for (let i = 0; i < 3; i++)
      expect((await client.query({ text, values: [i] })).rows).toEqual([{ n: i + 1 }]);
    expect(await prepared()).toContain(text);
  });

  it("never prepares one marked to be planned at every run", async () => {
    const text = `${PLAN_EACH_RUN} select $1::int + 2 as n`;
    for (let i = 0; i < 8; i++)
      expect((await client.query({ text, values: [i] })).rows).toEqual([{ n: i + 2 }]);
    expect((await prepared()).filter((s) => s.includes("+ 2 as n"))).toEqual([]);
  });
});
