import { z } from "zod";

/** Turns a zod env failure into one line per variable, each naming the variable. */
export function formatEnvError(error: z.ZodError, source: Record<string, string | undefined>): string {
  const lines = error.issues.map((issue) => {
    const name = String(issue.path[0] ?? "(env)");
    const value = source[name];
    const shown = value === undefined ? "unset" : `got ${JSON.stringify(redact(name, value))}`;
    return `  ${name}: ${issue.message} (${shown})`;
  });
  return `Invalid environment configuration:\n${lines.join("\n")}`;
}

function redact(name: string, value: string): string {
  return /SECRET|PASSWORD|KEY|TOKEN/i.test(name) ? "***" : value;
}

export class EnvError extends Error {
  override name = "EnvError";
}

export function parseEnv<T extends z.ZodType>(
  schema: T,
  source: Record<string, string | undefined>,
): z.infer<T> {
  // Empty strings mean "unset" in .env files and compose files alike.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) throw new EnvError(formatEnvError(result.error, source));
  return result.data;
}

export const port = (fallback: number) =>
  z.coerce
    .number({ message: "must be a port number" })
    .int("must be a whole number")
    .min(1, "must be a port from 1 to 65535")
    .max(65535, "must be a port from 1 to 65535")
    .default(fallback);

export const httpUrl = z
  .url({ message: "must be an absolute http(s) URL" })
  .refine((v) => /^https?:\/\//.test(v), "must be an absolute http(s) URL")
  .transform((v) => v.replace(/\/+$/, ""));

export const postgresUrl = z
  .string()
  .refine((v) => /^postgres(ql)?:\/\/.+/.test(v), "must be a postgres:// or postgresql:// connection string");

export const boolFlag = z
  .enum(["true", "false", "1", "0"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1");
