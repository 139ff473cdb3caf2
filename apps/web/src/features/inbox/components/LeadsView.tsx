import { useMutation } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { ErrorNotice } from "../../chatbots/components/ErrorNotice";
import { downloadLeadsCsv, useLeads } from "../api";
import { countLabel, formatDateTime } from "../format";
import { BotSelect } from "./BotSelect";
import { DownloadIcon } from "./icons";

/** The contact details visitors left, newest first, with a CSV export. */
export function LeadsView({
  chatbotId,
  onChatbotChange,
}: {
  chatbotId?: string;
  onChatbotChange: (id?: string) => void;
}) {
  const query = useLeads(chatbotId);
  const exportCsv = useMutation({ mutationFn: () => downloadLeadsCsv(chatbotId) });
  const rows = query.data ?? [];

  return (
    <div className="inbox-section">
      <div className="inbox-section-bar">
        <p className="inbox-section-lead">
          Visitors who asked for a follow-up and left their e-mail. Each row links to the conversation it came
          from.
        </p>
        <div className="leads-actions">
          <BotSelect value={chatbotId} onChange={onChatbotChange} />
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => exportCsv.mutate()}
            disabled={exportCsv.isPending || rows.length === 0}
          >
            <DownloadIcon size={16} />
            {exportCsv.isPending ? "Preparing…" : "Export CSV"}
          </button>
        </div>
      </div>
      {exportCsv.isError ? <ErrorNotice error={exportCsv.error} /> : null}

      {query.isPending ? (
        <div aria-busy="true">
          <span className="sr-only" role="status">
            Loading leads
          </span>
          <span className="skeleton" style={{ height: 180 }} aria-hidden="true" />
        </div>
      ) : query.isError ? (
        <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <div className="inbox-empty">
          <h2>No leads yet</h2>
          <p>
            Turn on “Ask for contact details” in a chatbot's settings. When the bot can't answer, it offers
            the visitor a way to leave their e-mail, and it appears here.
          </p>
        </div>
      ) : (
        <div className="card leads-card">
          <table className="leads-table">
            <caption className="sr-only">{countLabel(rows.length, "lead")}</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Name</th>
                <th scope="col">Chatbot</th>
                <th scope="col">Captured</th>
                <th scope="col">
                  <span className="sr-only">Conversation</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((lead) => (
                <tr key={lead._id}>
                  <td data-label="Email" className="leads-email">
                    <a href={`mailto:${lead.email}`}>{lead.email}</a>
                  </td>
                  <td data-label="Name">{lead.name ?? <span className="inbox-muted">Not given</span>}</td>
                  <td data-label="Chatbot">{lead.chatbotName}</td>
                  <td data-label="Captured">
                    <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>
                  </td>
                  <td className="leads-link">
                    <Link to={`/inbox/${encodeURIComponent(lead.conversationId)}`}>
                      View conversation<span className="sr-only"> with {lead.email}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
