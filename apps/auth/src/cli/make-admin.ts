import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { envOrExit } from "@parley/config";
import Fastify from "fastify";
import { type Auth, createAuth, createBackgroundTasks } from "../auth";
import { openAuthDb } from "../db";
import { type Env, loadEnv } from "../env";
import { createMailer } from "../mail/mailer";

export interface MakeAdminInput {
  email: string;
  /** Creates the user with this password when no account has the address yet. */
  password?: string | undefined;
  name?: string | undefined;
  /** `admin` (the default) or `support`: platform staff who may only read the operator's console. */
  role?: "admin" | "support" | undefined;
}

export type MakeAdminResult = { outcome: "promoted" | "already-admin" | "created"; userId: string };

/**
 * Gives an existing user the admin role, or creates a verified admin with the given password.
 * Runs server-side (no HTTP, no session): the admin plugin allows trusted server calls.
 */
export async function makeAdmin(auth: Auth, env: Env, input: MakeAdminInput): Promise<MakeAdminResult> {
  const email = input.email.trim().toLowerCase();
  const wanted = input.role ?? "admin";
  const ctx = await auth.$context;
  const existing = await ctx.internalAdapter.findUserByEmail(email);
  if (existing) {
    const role = (existing.user as { role?: unknown }).role;
    if (role === wanted) return { outcome: "already-admin", userId: existing.user.id };
    await ctx.internalAdapter.updateUser(existing.user.id, { role: wanted });
    return { outcome: "promoted", userId: existing.user.id };
  }
  if (!input.password) {
    throw new Error(`No account uses ${email}. Sign up first, or pass --password to create the admin.`);
  }
  if (input.password.length < env.PASSWORD_MIN_LENGTH) {
    throw new Error(`The password must be at least ${env.PASSWORD_MIN_LENGTH} characters.`);
  }
  const { user } = await auth.api.createUser({
    body: {
      email,
      password: input.password,
      name: input.name ?? email.split("@")[0] ?? email,
      role: wanted,
    },
  });
  // Whoever runs this CLI on the server vouches for the address.
  await ctx.internalAdapter.updateUser(user.id, { emailVerified: true });
  return { outcome: "created", userId: user.id };
}

const usage = `Usage: pnpm --filter @parley/auth admin:create -- --email you@example.com [--password <password>] [--name <name>] [--role admin|support]

Gives the account with that e-mail the platform admin role (or support: read-only in the
operator's console). With --password (or ADMIN_PASSWORD in the
environment) and no such account yet, creates a verified admin account.
Uses the same DATABASE_URL / DATA_DIR as the auth service; with the embedded database (PGlite),
stop the auth service first: one folder can only be opened by one process.`;

async function main() {
  // `pnpm admin:create -- --email …` may hand the script a literal "--" first.
  const args = process.argv.slice(2);
  if (args[0] === "--") args.shift();
  const { values } = parseArgs({
    args,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      role: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    allowPositionals: true,
  });
  if (values.role !== undefined && values.role !== "admin" && values.role !== "support") {
    console.error("--role must be admin or support");
    process.exit(1);
  }
  if (values.help || !values.email) {
    console.log(usage);
    process.exit(values.help ? 0 : 1);
  }
  const env = envOrExit("auth", () => loadEnv());
  const db = await openAuthDb(env);
  const log = Fastify({ logger: false }).log;
  const auth = createAuth({
    env,
    db,
    log,
    mailer: createMailer({ smtpUrl: undefined, from: env.MAIL_FROM, log, devMailbox: false }),
    background: createBackgroundTasks(log),
  });
  try {
    const result = await makeAdmin(auth, env, {
      email: values.email,
      password: values.password ?? process.env.ADMIN_PASSWORD,
      name: values.name,
      role: values.role as "admin" | "support" | undefined,
    });
    const said = {
      promoted: `now has the ${values.role ?? "admin"} role`,
      "already-admin": `already has the ${values.role ?? "admin"} role`,
      created: `was created as a verified ${values.role ?? "admin"}`,
    }[result.outcome];
    console.log(`${values.email} ${said} (user id ${result.userId}).`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  } finally {
    await db.close();
  }
}

if (path.resolve(process.argv[1] ?? "") === fileURLToPath(import.meta.url)) void main();
