import {
  type MemberMail,
  WORKSPACE_MEMBER_MAIL_PATH,
  WORKSPACE_MEMBERS_PATH,
  WORKSPACE_SEARCH_PATH,
  type WorkspaceMember,
  type WorkspaceSearch,
  workspaceMembersSchema,
  workspaceSearchSchema,
} from "@parley/contracts";
import { signWebhook } from "@parley/contracts/server";
import type { z } from "zod";

/**
 * The auth service holds a workspace's members (better-auth organizations) and the SMTP settings:
 * the notifications module asks it who is in a workspace, and hands it each mail to send. Signed
 * with the shared AUTH_EVENTS_SECRET like the membership check. Both calls throw when the auth
 * service cannot answer, so the job that made them is retried.
 */
export function createWorkspaceMembersClient(options: {
  authUrl: string;
  secret: string;
  timeoutMs?: number;
}) {
  const base = options.authUrl.replace(/\/+$/, "");
  const timeout = () => AbortSignal.timeout(options.timeoutMs ?? 10_000);
  /** A signed GET of the auth service's, its answer read with `schema` (an error names `what`). */
  async function signedGet<T>(path: string, schema: z.ZodType<T>, what: string): Promise<T> {
    const res = await fetch(`${base}${path}`, {
      headers: { ...signWebhook(options.secret, `GET ${path}`) },
      signal: timeout(),
    });
    const body = res.ok ? schema.safeParse(await res.json().catch(() => undefined)) : undefined;
    if (!body?.success) throw new Error(`${what}: the auth service answered ${res.status}`);
    return body.data;
  }
  return {
    async list(workspaceId: string): Promise<WorkspaceMember[]> {
      const path = WORKSPACE_MEMBERS_PATH.replace(":workspaceId", encodeURIComponent(workspaceId));
      return (await signedGet(path, workspaceMembersSchema, "workspace members")).members;
    },

    /** Workspaces by id, name, or a member's address or name (the operator's console). */
    async searchWorkspaces(q: string): Promise<WorkspaceSearch["workspaces"]> {
      const path = `${WORKSPACE_SEARCH_PATH}?q=${encodeURIComponent(q)}`;
      return (await signedGet(path, workspaceSearchSchema, "workspace search")).workspaces;
    },

    /** "sent", or "not-member" when the user has left the workspace (nothing was sent). */
    async sendMail(workspaceId: string, userId: string, mail: MemberMail): Promise<"sent" | "not-member"> {
      const path = WORKSPACE_MEMBER_MAIL_PATH.replace(
        ":workspaceId",
        encodeURIComponent(workspaceId),
      ).replace(":userId", encodeURIComponent(userId));
      const body = JSON.stringify(mail);
      const res = await fetch(`${base}${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...signWebhook(options.secret, `POST ${path}\n${body}`),
        },
        body,
        // The auth service waits for the mail server: give it time.
        signal: AbortSignal.timeout(Math.max(options.timeoutMs ?? 10_000, 30_000)),
      });
      const text = await res.text().catch(() => "");
      // (A 404 for the route itself, from an auth service without it, is a failure: retried.)
      if (res.status === 404 && text.includes("Not a member")) return "not-member";
      if (!res.ok)
        throw new Error(`member mail: the auth service answered ${res.status} ${text.slice(0, 200)}`);
      return "sent";
    },
  };
}
export type WorkspaceMembersClient = ReturnType<typeof createWorkspaceMembersClient>;
