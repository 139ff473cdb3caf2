import { useState } from "react";
import { Link } from "react-router-dom";
import { InboxIcon } from "../../chatbots/components/icons";
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
  const [filters, setFilters] = useState<InboxFilters>({});
  const [selectedId, setSelectedId] = useState<string | null>(null);

  return (
    <div className="bot-conversations">
      <p className="bot-conversations-lead">
        What visitors asked this chatbot on your website, and what it answered.{" "}
        <Link to={`/inbox?chatbotId=${encodeURIComponent(chatbotId)}`}>Open in the inbox</Link>
      </p>
      <ConversationsView
        filters={filters}
        onFiltersChange={setFilters}
        selectedId={selectedId}
        open={{ onSelect: setSelectedId }}
        onClose={() => setSelectedId(null)}
        lockedBotId={chatbotId}
        empty={
          <div className="inbox-empty">
            <span className="inbox-empty-icon">
              <InboxIcon size={26} />
            </span>
            <h2>No conversations yet</h2>
            <p>
              Conversations appear here once visitors chat with this bot through the widget on your website:
              what they asked, what the bot answered, and the contact details they left. Playground chats are
              only for testing and aren't recorded.
            </p>
            <button type="button" className="btn btn-secondary btn-sm" onClick={onOpenPlayground}>
              Test in the Playground
            </button>
          </div>
        }
      />
    </div>
  );
}
