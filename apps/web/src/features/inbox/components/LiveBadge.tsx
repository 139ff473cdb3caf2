import type { ConversationSummary } from "@parley/contracts";
import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { useSession } from "../../session/public";
import { waitedFor } from "../live/live-events";
import { useMinuteClock } from "../live/use-now";
import { useInboxFormat } from "../use-inbox-format";

type LiveState = Pick<ConversationSummary, "status" | "assignee" | "waitingSince">;

/** "Waiting 3 min" (updated every minute), or null when the conversation is not waiting. */
export function useWaitedText() {
  const { t } = useTranslation("inbox");
  const now = useMinuteClock();
  return (waitingSince: string | null): string | null => {
    const waited = waitingSince ? waitedFor(waitingSince, now) : null;
    if (!waited) return null;
    if (waited.unit === "justNow") return t("live.waited.justNow");
    return t(`live.waited.${waited.unit}`, { count: waited.count });
  };
}

/**
 * Who answers a conversation now, as a badge: waiting for a person (with how long, in the warning
 * colour), with you or with another member, closed. Nothing while the bot answers.
 */
export function LiveBadge({ conversation }: { conversation: LiveState }) {
  const { t } = useTranslation("inbox");
  const waited = useWaitedText();
  const { user } = useSession();
  const format = useInboxFormat();
  if (conversation.status === "waiting") {
    const since = conversation.waitingSince;
    return (
      <span
        className="conv-badge conv-badge-waiting"
        title={since ? format.dateTime(since) : undefined}
        data-testid="waiting-badge"
      >
        <span className="conv-live-dot" aria-hidden="true" />
        {(since ? waited(since) : null) ?? t("live.waiting")}
      </span>
    );
  }
  if (conversation.status === "claimed" && conversation.assignee) {
    const mine = Boolean(user && conversation.assignee.id === user.id);
    return (
      <span className="conv-badge conv-badge-claimed" data-mine={mine || undefined}>
        {mine ? (
          t("live.withYou")
        ) : (
          <Trans
            t={t}
            i18nKey="live.withMember"
            values={{ name: conversation.assignee.name }}
            components={{ name: <bdi /> }}
          />
        )}
      </span>
    );
  }
  if (conversation.status === "closed") return <span className="conv-badge">{t("live.closed")}</span>;
  return null;
}
