import { describe, expect, it } from "vitest";
import { testDrivers } from "./testing";

describe("the drivers a suite runs on", () => {
  const withPostgres = { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/postgres" };

  it("runs a suite about the database on both drivers when Postgres is given", () => {
    expect(testDrivers("both", withPostgres)).toEqual(["pglite", "postgres"]);
    expect(testDrivers(undefined, withPostgres)).toEqual(["pglite", "postgres"]);
  });

  it("runs a suite the driver does not matter to once, on the production database", () => {
    expect(testDrivers("either", withPostgres)).toEqual(["postgres"]);
  });

  it("runs every suite on PGlite alone when no Postgres is given, or an empty one", () => {
    expect(testDrivers("both", {})).toEqual(["pglite"]);
    expect(testDrivers("either", {})).toEqual(["pglite"]);
    expect(testDrivers("both", { DATABASE_URL: "" })).toEqual(["pglite"]);
  });
});
