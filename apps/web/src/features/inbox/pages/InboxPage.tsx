import { Trans, useTranslation } from "@parley/ui/i18n/react";
import type { ReactNode } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router-dom";
import { useDocumentTitle } from "../../../components/use-document-title";
import { ToastProvider } from "../../chatbots/public";
import { useLeads, useUnanswered } from "../api";
import { ConversationsView } from "../components/ConversationsView";
import { DesktopNotifications } from "../components/DesktopNotifications";
import { LeadsView } from "../components/LeadsView";
import { UnansweredView } from "../components/UnansweredView";
import {
  filtersFromSearch,
  filtersQueryString,
  filtersToSearch,
  type InboxFilters,
  type InboxView,
  inboxViewOf,
} from "../filters";
import { useInboxFormat } from "../use-inbox-format";
import "../../../styles/builder.css";
import "../styles/index.css";

export function InboxPage() {
  return (
    <ToastProvider>
      <Inbox />
    </ToastProvider>
  );
}

function Inbox() {
  const { "*": splat = "" } = useParams();
  const view = inboxViewOf(splat);
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const { t } = useTranslation("inbox");
  useDocumentTitle(t(`page.titles.${view.kind}`));

  const filters = filtersFromSearch(searchParams);
  const setFilters = (next: InboxFilters) =>
    setSearchParams(filtersToSearch(next), { replace: true, preventScrollReset: true });
  const setBot = (chatbotId?: string) => setFilters(chatbotId ? { chatbotId } : {});
  const query = filtersQueryString(filters);

  let body: ReactNode;
  if (view.kind === "unanswered")
    body = <UnansweredView chatbotId={filters.chatbotId} onChatbotChange={setBot} />;
  else if (view.kind === "leads") body = <LeadsView chatbotId={filters.chatbotId} onChatbotChange={setBot} />;
  else
    body = (
      <ConversationsView
        filters={filters}
        onFiltersChange={setFilters}
        selectedId={view.conversationId}
        open={{ href: (id) => `/inbox/${encodeURIComponent(id)}${query}` }}
        onClose={() => navigate(`/inbox${query}`)}
        empty={
          <div className="inbox-empty">
            <h2>{t("page.empty.title")}</h2>
            <p>{t("page.empty.body")}</p>
          </div>
        }
      />
    );

  return (
    <div
      className="container app-page inbox-page"
      data-reading={view.kind === "conversations" && view.conversationId ? "" : undefined}
    >
      <header className="app-page-head inbox-head">
        <div className="inbox-head-text">
          <h1>{t("page.title")}</h1>
          <p className="app-page-lead">{t("page.lead")}</p>
        </div>
        <DesktopNotifications />
      </header>
      <InboxNav active={view.kind} chatbotId={filters.chatbotId} />
      {body}
    </div>
  );
}

function InboxNav({ active, chatbotId }: { active: InboxView["kind"]; chatbotId: string | undefined }) {
  // The same queries as the views (and the same chatbot), so the counts match what they list.
  const unanswered = useUnanswered(chatbotId);
  const leads = useLeads(chatbotId);
  const { t } = useTranslation("inbox");
  const { number } = useInboxFormat();
  // A chosen chatbot carries over between the three views.
  const keep = chatbotId ? `?chatbotId=${encodeURIComponent(chatbotId)}` : "";
  const tabs: { kind: InboxView["kind"]; to: string; label: ReactNode; count: number | undefined }[] = [
    { kind: "conversations", to: `/inbox${keep}`, label: t("nav.conversations"), count: undefined },
    {
      kind: "unanswered",
      to: `/inbox/unanswered${keep}`,
      label: (
        // One inline run: the tab's flex gap must not open between "Unanswered" and " questions".
        <span>
          <Trans t={t} i18nKey="nav.unanswered" components={{ more: <span className="inbox-tab-more" /> }} />
        </span>
      ),
      count: unanswered.data?.length,
    },
    { kind: "leads", to: `/inbox/leads${keep}`, label: t("nav.leads"), count: leads.data?.length },
  ];
  return (
    <nav className="inbox-tabs" aria-label={t("nav.label")}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.kind}>
            <Link to={tab.to} className="inbox-tab" aria-current={tab.kind === active ? "page" : undefined}>
              {tab.label}
              {tab.count !== undefined ? (
                <span className="inbox-count">
                  <Trans
                    t={t}
                    i18nKey="nav.count"
                    values={{ n: number(tab.count) }}
                    components={{ hidden: <span className="sr-only" /> }}
                  />
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
