import { EmptyState } from "@parley/ui/components/EmptyState";
import { useTranslation } from "@parley/ui/i18n/react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { InboxIcon } from "../../chatbots/public";
import type { InboxFilters } from "../filters";
import { ConversationsView } from "./ConversationsView";
import "../styles/index.css";

/**
 * A chatbot page's Conversations tab: the inbox's list and transcript, for this bot only. The
 * filters stay local here (the page's address bar belongs to the builder's tabs).
 */
export function BotConversationsTab({
  chatbotId,
  onOpenPlayground,
}: {
  chatbotId: string;
  onOpenPlayground: () => void;
}) {
  const { t } = useTranslation("inbox");
  const [filters, setFilters] = useState<InboxFilters>({});
  const [selectedId, setSelectedId] = useState<string | null>(null);

  return (
    <div className="bot-conversations">
      <p className="bot-conversations-lead">
        {t("botTab.lead")}{" "}
        <Link to={`/inbox?chatbotId=${encodeURIComponent(chatbotId)}`}>{t("botTab.openInInbox")}</Link>
      </p>
      <ConversationsView
        filters={filters}
        onFiltersChange={setFilters}
        selectedId={selectedId}
        open={{ onSelect: setSelectedId }}
        onClose={() => setSelectedId(null)}
        lockedBotId={chatbotId}
        empty={
          <EmptyState
            className="inbox-empty"
            icon={<InboxIcon size={26} />}
            titleAs="h2"
            title={t("botTab.emptyTitle")}
            action={
              <button type="button" className="btn btn-secondary btn-sm" onClick={onOpenPlayground}>
                {t("botTab.testInPlayground")}
              </button>
            }
          >
            <p>{t("botTab.emptyBody")}</p>
          </EmptyState>
        }
      />
    </div>
  );
}
