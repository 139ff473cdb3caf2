import type { ConversationSummary } from "@parley/contracts";
import { useTranslation } from "@parley/ui/i18n/react";
import { Link } from "react-router-dom";
import { customerLabel } from "../format";
import { useInboxFormat } from "../use-inbox-format";
import { ChannelBadge } from "./ChannelParts";
import { contactLabel } from "./channel-parts";
import { ThumbDownIcon, ThumbUpIcon, VerifiedIcon } from "./icons";
import { LiveBadge } from "./LiveBadge";

/** How a row opens its conversation: a link (the inbox, deep-linkable) or a button (a bot's tab). */
export type OpenConversation = { href: (id: string) => string } | { onSelect: (id: string) => void };

interface ConversationListProps {
  items: readonly ConversationSummary[];
  selectedId: string | null;
  open: OpenConversation;
  showBotName: boolean;
}

export function ConversationList({ items, selectedId, open, showBotName }: ConversationListProps) {
  const { t } = useTranslation("inbox");
  return (
    <ul className="conv-list" aria-label={t("list.label")}>
      {items.map((item) => {
        const current = item._id === selectedId;
        const body = <ConversationRow item={item} showBotName={showBotName} />;
        return (
          <li key={item._id}>
            {"href" in open ? (
              <Link
                to={open.href(item._id)}
                // The list stays where it was; the transcript opens beside it (phones scroll up themselves).
                preventScrollReset
                className="conv-item"
                data-status={item.status}
                aria-current={current ? "true" : undefined}
              >
                {body}
              </Link>
            ) : (
              <button
                type="button"
                className="conv-item"
                data-status={item.status}
                aria-current={current ? "true" : undefined}
                onClick={() => open.onSelect(item._id)}
              >
                {body}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function ConversationRow({ item, showBotName }: { item: ConversationSummary; showBotName: boolean }) {
  const { t } = useTranslation("inbox");
  const format = useInboxFormat();
  return (
    <>
      <span className="conv-item-top">
        <span className="conv-item-bot">
          {showBotName
            ? item.chatbotName
            : item.customer
              ? customerLabel(item.customer)
              : item.contact
                ? contactLabel(item.contact)
                : t("list.visitor")}
        </span>
        <time
          className="conv-item-time"
          dateTime={item.lastMessageAt}
          title={format.dateTime(item.lastMessageAt)}
        >
          {format.when(item.lastMessageAt)}
        </time>
      </span>
      <span className="conv-item-question" dir="auto">
        {item.firstQuestion ?? t("list.noQuestion")}
      </span>
      <span className="conv-item-meta">
        <LiveBadge conversation={item} />
        <ChannelBadge channel={item.channel} />
        {showBotName && item.contact && !item.customer ? (
          <span className="conv-badge">
            <bdi>{contactLabel(item.contact)}</bdi>
          </span>
        ) : null}
        <span className="conv-item-count">{t("list.messages", { count: item.messageCount })}</span>
        {item.unansweredCount > 0 ? (
          <span className="conv-badge conv-badge-warn">
            {item.unansweredCount === 1
              ? t("list.unansweredOne")
              : t("list.unansweredMany", { count: item.unansweredCount })}
          </span>
        ) : null}
        <RatingBadge
          rating="up"
          count={item.upCount}
          label={t("list.helpfulRatings", { count: item.upCount })}
        />
        <RatingBadge
          rating="down"
          count={item.downCount}
          label={t("list.notHelpfulRatings", { count: item.downCount })}
        />
        {item.hasLead ? <span className="conv-badge conv-badge-lead">{t("list.lead")}</span> : null}
        {item.customer ? (
          <span
            className="conv-badge conv-badge-verified"
            title={t("list.verifiedCustomer", { id: item.customer.id })}
          >
            <VerifiedIcon size={12} />
            {showBotName ? customerLabel(item.customer) : t("list.verified")}
          </span>
        ) : null}
      </span>
    </>
  );
}

/** How many thumbs up (or down) the conversation's answers got: the number shown, `label` read out. */
function RatingBadge({ rating, count, label }: { rating: "up" | "down"; count: number; label: string }) {
  if (count <= 0) return null;
  const Icon = rating === "up" ? ThumbUpIcon : ThumbDownIcon;
  return (
    <span className={`conv-badge conv-badge-${rating}`}>
      <Icon size={12} />
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
