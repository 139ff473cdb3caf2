import {
  auditListSchema,
  type WorkspaceRole,
  workspaceRoleSchema,
  workspaceSeatStatusSchema,
} from "@parley/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiFetch } from "../../lib/api";
import { authClient, tokens } from "../session/public";
import { workspaceKeys } from "./workspace-keys";
import { newWorkspaceSlug } from "./workspace-name";

/**
 * Workspaces live on the auth service (better-auth's organization plugin): these calls go there
 * with the session cookie. What a workspace owns (bots, inbox, billing) is the API's.
 */
const workspaceSchema = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export type Workspace = z.infer<typeof workspaceSchema>;

const memberSchema = z.object({
  id: z.string(),
  userId: z.string(),
  role: z.string(),
  createdAt: z.string().optional(),
  user: z.object({ name: z.string().nullish(), email: z.string() }),
});
export type Member = z.infer<typeof memberSchema>;

const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string().nullish(),
  status: z.string(),
  expiresAt: z.string(),
  organizationId: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/**
 * `GET /organization/get-invitation` (the signed-in recipient only): better-auth's invitation with
 * the workspace's name and the inviter's address, and what the auth service adds (the inviter's
 * display name when they have one, and how a personal workspace is named).
 */
const invitationDetailsSchema = invitationSchema.extend({
  organizationName: z.string().optional(),
  inviterEmail: z.string().optional(),
  inviterName: z.string().optional(),
  personalOwner: z.string().optional(),
  inviterIsOwner: z.boolean().optional(),
});
export type InvitationDetails = z.infer<typeof invitationDetailsSchema>;

export { workspaceKeys };

const q = (id: string) => `organizationId=${encodeURIComponent(id)}`;

export function useWorkspaces() {
  return useQuery(
    queryOptions({
      queryKey: workspaceKeys.list(),
      queryFn: async () =>
        z.array(workspaceSchema).parse(await authClient.request("/organization/list", "GET")),
      staleTime: 30_000,
    }),
  );
}

export function useMembers(workspaceId: string) {
  return useQuery({
    queryKey: workspaceKeys.members(workspaceId),
    queryFn: async () =>
      z
        .object({ members: z.array(memberSchema) })
        .parse(await authClient.request(`/organization/list-members?${q(workspaceId)}`, "GET")).members,
  });
}

export function useInvitations(workspaceId: string, enabled: boolean) {
  return useQuery({
    queryKey: workspaceKeys.invitations(workspaceId),
    enabled,
    queryFn: async () =>
      z
        .array(invitationSchema)
        .parse(await authClient.request(`/organization/list-invitations?${q(workspaceId)}`, "GET"))
        .filter((i) => i.status === "pending" && new Date(i.expiresAt) > new Date()),
  });
}

/** The audit log; with `apiUse`, each use of an API key too. */
export function useAuditLog(workspaceId: string, enabled: boolean, apiUse = false) {
  return useQuery({
    queryKey: [...workspaceKeys.audit(workspaceId), apiUse ? "api-use" : "changes"],
    enabled,
    queryFn: ({ signal }) =>
      apiFetch(`/api/workspace/audit-log${apiUse ? "?include=api-use" : ""}`, {
        schema: auditListSchema,
        signal,
      }),
  });
}

/** Seats of the active workspace against its plan (owners and admins); refreshed by member changes. */
export function useSeats(workspaceId: string, enabled: boolean) {
  return useQuery({
    queryKey: workspaceKeys.seats(workspaceId),
    enabled,
    queryFn: ({ signal }) => apiFetch("/api/workspace/seats", { schema: workspaceSeatStatusSchema, signal }),
  });
}

export function useInvitation(id: string) {
  return useQuery({
    queryKey: workspaceKeys.invitation(id),
    retry: false,
    queryFn: async () =>
      invitationDetailsSchema.parse(
        await authClient.request(`/organization/get-invitation?id=${encodeURIComponent(id)}`, "GET"),
      ),
  });
}

/** Member and invitation changes; each refreshes the lists it touches. */
export function useMemberActions(workspaceId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...workspaceKeys.all, workspaceId] });
  const post = (path: string, body: Record<string, unknown>) =>
    authClient.request(path, "POST", { organizationId: workspaceId, ...body });
  return {
    invite: useMutation({
      mutationFn: (input: { email: string; role: WorkspaceRole; resend?: boolean }) =>
        post("/organization/invite-member", input),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (invitationId: string) => post("/organization/cancel-invitation", { invitationId }),
      onSuccess: refresh,
    }),
    changeRole: useMutation({
      mutationFn: (input: { memberId: string; role: WorkspaceRole }) =>
        post("/organization/update-member-role", input),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (memberId: string) => post("/organization/remove-member", { memberIdOrEmail: memberId }),
      onSuccess: refresh,
    }),
  };
}

/** Renames a workspace (owners only: the "workspace:rename" capability); every list shows the new name. */
export function useRenameWorkspace(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      authClient.request("/organization/update", "POST", { organizationId: workspaceId, data: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
  });
}

/** Creates a workspace the signed-in user owns, then switches to it (on its Team page). */
export async function createWorkspace(name: string): Promise<Workspace> {
  const created = workspaceSchema.parse(
    await authClient.request("/organization/create", "POST", {
      name,
      slug: newWorkspaceSlug(),
      keepCurrentActiveOrganization: true,
    }),
  );
  await switchWorkspace(created.id, "/members");
  return created;
}

/**
 * Makes a workspace the active one: the auth session remembers it, the next access token carries
 * it, and the page reloads so nothing of the previous workspace stays in memory.
 */
export async function switchWorkspace(workspaceId: string, to = "/dashboard") {
  await authClient.request("/organization/set-active", "POST", { organizationId: workspaceId });
  tokens.clear();
  window.location.assign(to);
}

export async function leaveWorkspace(workspaceId: string, personalId: string) {
  await authClient.request("/organization/leave", "POST", { organizationId: workspaceId });
  await switchWorkspace(personalId);
}

export async function acceptInvitation(invitation: { id: string; organizationId: string }) {
  await authClient.request("/organization/accept-invitation", "POST", { invitationId: invitation.id });
  await switchWorkspace(invitation.organizationId);
}

/** A role's name is `team:roles.<role>`, what it may do `team:roleHelp.<role>`. */
export const parseRole = (role: string | null | undefined): WorkspaceRole =>
  workspaceRoleSchema.safeParse(role).data ?? "agent";
