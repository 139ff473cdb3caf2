import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { useMutation } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { ErrorNotice } from "../../../components/ErrorNotice";
import { DownloadIcon } from "../../../components/icons";
import { LoadingPlaceholder } from "../../../components/LoadingPlaceholder";
import { BotSelect, useChatbots } from "../../chatbots/public";
import { useCapabilities } from "../../workspaces/public";
import { downloadLeadsCsv, useLeads } from "../api";
import { useInboxFormat } from "../use-inbox-format";
import { LeadAddress, leadAddress } from "./LeadAddress";

/** The contact details visitors left, newest first, with a CSV export. */
export function LeadsView({
  chatbotId,
  onChatbotChange,
}: {
  chatbotId?: string;
  onChatbotChange: (id?: string) => void;
}) {
  const { t } = useTranslation("inbox");
  // The empty state's advice names a setting only the roles that can change it are told to change.
  const canEditBots = useCapabilities();
  const format = useInboxFormat();
  const query = useLeads(chatbotId);
  // A bot (the one chosen, or any) that already asks: nothing to turn on, only to wait for.
  const bots = useChatbots();
  const asking = (bots.data ?? []).some((b) => b.leadCapture && (!chatbotId || b._id === chatbotId));
  const exportCsv = useMutation({ mutationFn: () => downloadLeadsCsv(chatbotId) });
  const rows = query.data ?? [];

  return (
    <div className="inbox-section">
      <div className="inbox-section-bar">
        <p className="inbox-section-lead">{t("leads.lead")}</p>
        <div className="leads-actions">
          <BotSelect value={chatbotId} onChange={onChatbotChange} />
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => exportCsv.mutate()}
            disabled={exportCsv.isPending || rows.length === 0}
          >
            <DownloadIcon size={16} />
            {exportCsv.isPending ? t("leads.preparing") : t("leads.exportCsv")}
          </button>
        </div>
      </div>
      {exportCsv.isError ? <ErrorNotice error={exportCsv.error} /> : null}

      {query.isPending ? (
        <LoadingPlaceholder label={t("leads.loading")}>
          <span className="skeleton" style={{ height: 180 }} aria-hidden="true" />
        </LoadingPlaceholder>
      ) : query.isError ? (
        <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <div className="inbox-empty">
          <h2>{t("leads.emptyTitle")}</h2>
          <p>
            {t(
              asking
                ? "leads.emptyBodyAsking"
                : canEditBots("bots:write")
                  ? "leads.emptyBody"
                  : "leads.emptyBodyReadOnly",
            )}
          </p>
        </div>
      ) : (
        <div className="card leads-card">
          <table className="leads-table">
            <caption className="sr-only">{t("leads.caption", { count: rows.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("leads.email")}</th>
                <th scope="col">{t("leads.name")}</th>
                <th scope="col">{t("leads.chatbot")}</th>
                <th scope="col">{t("leads.captured")}</th>
                <th scope="col">
                  <span className="sr-only">{t("leads.conversation")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((lead) => (
                <tr key={lead._id}>
                  <td data-label={t("leads.email")} className="leads-email">
                    <LeadAddress lead={lead} />
                  </td>
                  <td data-label={t("leads.name")}>
                    {lead.name ?? <span className="inbox-muted">{t("leads.notGiven")}</span>}
                  </td>
                  <td data-label={t("leads.chatbot")}>{lead.chatbotName}</td>
                  <td data-label={t("leads.captured")}>
                    <time dateTime={lead.createdAt}>{format.dateTime(lead.createdAt)}</time>
                  </td>
                  <td className="leads-link">
                    <Link to={`/inbox/${encodeURIComponent(lead.conversationId)}`}>
                      <Trans
                        t={t}
                        i18nKey="leads.view"
                        values={{ email: leadAddress(lead) }}
                        components={{ hidden: <span className="sr-only" />, email: <bdi dir="ltr" /> }}
                      />
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
