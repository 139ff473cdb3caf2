import type { AuditAction, AuditList } from "@parley/contracts";
import type { UseQueryResult } from "@tanstack/react-query";

const WHAT: Record<AuditAction, string> = {
  "member.invited": "invited",
  "invitation.canceled": "revoked the invitation of",
  "member.joined": "joined",
  "member.removed": "removed",
  "member.left": "left",
  "member.role_changed": "changed the role of",
  "bot.created": "created the chatbot",
  "bot.updated": "changed the settings of chatbot",
  "bot.deleted": "deleted the chatbot",
  "knowledge.deleted": "deleted the knowledge source",
  "conversation.deleted": "deleted the conversation",
  "plan.changed": "changed the plan to",
  "plan.downgrade_scheduled": "scheduled a downgrade to",
  "plan.downgrade_canceled": "cancelled the scheduled downgrade",
};

/** The workspace's audit log, newest first (owners and admins). */
export function AuditLogSection({ query }: { query: UseQueryResult<AuditList> }) {
  return (
    <section className="card settings-card" aria-labelledby="audit-h">
      <div className="settings-card-intro">
        <h2 id="audit-h">Activity</h2>
        <div className="settings-card-description">
          Who invited, removed or changed the role of whom, changed a bot, deleted data or changed the plan.
        </div>
      </div>
      <div className="settings-card-body">
        {query.isPending ? <p aria-busy="true">Loading activity…</p> : null}
        {query.isError ? (
          <div className="alert alert-error" role="alert">
            We couldn't load the activity. Reload the page to try again.
          </div>
        ) : null}
        {query.data && query.data.entries.length === 0 ? <p>Nothing has happened here yet.</p> : null}
        <ol className="audit-list">
          {query.data?.entries.map((e) => {
            const role = typeof e.details.role === "string" ? ` (${e.details.role})` : "";
            const self = e.action === "member.joined" || e.action === "member.left";
            const system = e.details.by === "system";
            const from = typeof e.details.from === "string" ? e.details.from : null;
            // Bots and sources by the name they had then (they may be gone since); older
            // entries, recorded without one, by their id.
            const name = typeof e.details.name === "string" ? `“${e.details.name}”` : null;
            return (
              <li key={e.id} className="audit-row">
                <time dateTime={e.createdAt}>{new Date(e.createdAt).toLocaleString("en-US")}</time>
                <span>
                  <strong>{system ? "Parley (automatic change)" : (e.actorEmail ?? "Someone")}</strong>{" "}
                  {e.action === "plan.changed" && from ? `changed the plan from ${from} to` : WHAT[e.action]}
                  {!self && (name ?? e.target) ? ` ${name ?? e.target}` : ""}
                  {role}
                </span>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
