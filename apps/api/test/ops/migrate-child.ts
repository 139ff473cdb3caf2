// One replica's boot, up to its database being migrated: opens the API's or the auth service's
// database as its server does (createDb migrates on open), reports, and exits. Run by
// migration-lock.test.ts as several processes at once.
import { openAuthDb } from "../../../auth/src/db";
import { openAppDb } from "../../src/app";

const service = process.argv[2];
const env = { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: "/nonexistent" };
const started = Date.now();
const db = service === "auth" ? await openAuthDb(env) : await openAppDb(env);
console.log(`migrated ${service} in ${Date.now() - started} ms`);
await db.close();
