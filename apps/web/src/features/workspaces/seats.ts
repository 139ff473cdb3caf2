import type { Plan, PlanLanguage, WorkspaceRole, WorkspaceSeatStatus } from "@parley/contracts";
import type { useTranslation } from "@parley/ui/i18n/react";
import enTeam from "@parley/ui/locales/en/team";

/** The `team` namespace's `t` (from `useTranslation("team")`). */
export type TeamT = ReturnType<typeof useTranslation<"team">>["t"];

/**
 * English from the catalog, for a caller that does not pass its `t` yet (and for tests): plurals
 * as one/other, `{{placeholders}}` filled in. Screens pass `t` so Arabic readers read Arabic.
 */
const english = ((key: string, values: Record<string, unknown> = {}) => {
  const path = key.split(".");
  const last = path.pop() ?? "";
  let node: unknown = enTeam;
  for (const part of path) node = (node as Record<string, unknown>)[part];
  const table = node as Record<string, string>;
  const text = table[last] ?? table[`${last}_${values.count === 1 ? "one" : "other"}`] ?? key;
  return text.replace(/\{\{\s*(\w+)[^}]*\}\}/g, (_, name: string) => String(values[name] ?? ""));
}) as unknown as TeamT;

function people(seats: WorkspaceSeatStatus, t: TeamT): string {
  const members = t("seats.members", { count: seats.members });
  return seats.pending > 0
    ? t("seats.people", { members, pending: t("seats.pending", { count: seats.pending }) })
    : members;
}

/** What the Team page says when the workspace has more people than its plan's seats. */
export function overSeatsMessage(
  seats: WorkspaceSeatStatus,
  myRole: WorkspaceRole,
  t: TeamT = english,
  language: PlanLanguage = "en",
): string {
  const upgrade = myRole === "owner" ? t("seats.upgradeOwner") : t("seats.upgradeAdmin");
  const choose =
    seats.membersOver > 0
      ? t(seats.pending > 0 ? "seats.chooseRemoveAndRevoke" : "seats.chooseRemove", {
          members: t("seats.members", { count: seats.membersOver }),
          upgrade,
        })
      : t("seats.revoke", { pending: t("seats.pending", { count: seats.used - seats.limit }), upgrade });
  return t("seats.over", {
    plan: seats.planNames[language],
    seats: t("seats.seats", { count: seats.limit }),
    people: people(seats, t),
    choose,
  });
}

/** The seats a plan grants (its "Team members" limit), if it states one. */
export function planSeats(plan: Pick<Plan, "features">): number | undefined {
  for (const f of plan.features) if (typeof f !== "string" && f.key === "teamMembers") return f.value;
  return undefined;
}

/**
 * The downgrade confirmation's warning when the target plan has fewer seats than the workspace
 * uses (members + pending invitations); undefined when everyone fits. Pass `t` from
 * `useTranslation("team")` so it is in the reader's language.
 */
export function downgradeSeatWarning(
  target: Pick<Plan, "texts" | "features">,
  seats: WorkspaceSeatStatus,
  t: TeamT = english,
  language: PlanLanguage = "en",
): string | undefined {
  const limit = planSeats(target);
  if (limit === undefined || seats.used <= limit) return undefined;
  return t("seats.downgrade", {
    plan: target.texts[language].name,
    seats: t("seats.seats", { count: limit }),
    people: people(seats, t),
  });
}
