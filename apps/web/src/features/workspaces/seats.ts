import type { Plan, WorkspaceRole, WorkspaceSeatStatus } from "@parley/contracts";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the Team page says when the workspace has more people than its plan's seats. */
export function overSeatsMessage(seats: WorkspaceSeatStatus, myRole: WorkspaceRole): string {
  const people =
    seats.pending > 0
      ? `${plural(seats.members, "member", "members")} and ${plural(seats.pending, "pending invitation", "pending invitations")}`
      : plural(seats.members, "member", "members");
  const upgrade = myRole === "owner" ? "upgrade your plan" : "ask an owner to upgrade the plan";
  const choose =
    seats.membersOver > 0
      ? `Choose who stays: remove ${plural(seats.membersOver, "member", "members")}${
          seats.pending > 0 ? " and revoke the pending invitations" : ""
        }, or ${upgrade}.`
      : `Revoke ${plural(seats.used - seats.limit, "pending invitation", "pending invitations")}, or ${upgrade}.`;
  return `Your ${seats.planName} plan includes ${plural(seats.limit, "seat", "seats")} and the workspace has ${people}. Nobody has been removed. ${choose} Until then no new invitations can be sent.`;
}

/** The seats a plan grants (its "Team members" limit), if it states one. */
export function planSeats(plan: Pick<Plan, "features">): number | undefined {
  for (const f of plan.features) if (typeof f !== "string" && f.key === "teamMembers") return f.value;
  return undefined;
}

/**
 * The downgrade confirmation's warning when the target plan has fewer seats than the workspace
 * uses (members + pending invitations); undefined when everyone fits.
 */
export function downgradeSeatWarning(
  target: Pick<Plan, "name" | "features">,
  seats: WorkspaceSeatStatus,
): string | undefined {
  const limit = planSeats(target);
  if (limit === undefined || seats.used <= limit) return undefined;
  const people =
    seats.pending > 0
      ? `${plural(seats.members, "member", "members")} and ${plural(seats.pending, "pending invitation", "pending invitations")}`
      : plural(seats.members, "member", "members");
  return `${target.name} includes ${plural(limit, "seat", "seats")} and this workspace has ${people}. Nobody is removed when the plan changes: after that, you choose on the Team page who stays, and no new invitations can be sent until the workspace fits its seats.`;
}
