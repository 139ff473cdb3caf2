import type { Analytics } from "@parley/contracts";
import { useFormat, useTranslation } from "@parley/ui/i18n/react";
import { useId } from "react";
import { formatDuration, resolutionSplit } from "../live";
import "../styles/live.css";

/** The resolution split's legend: who resolved (its colour and words), and which count. */
const RESOLVERS = [
  { side: "bot", label: "analytics.live.byBot", count: "resolvedByBot" },
  { side: "person", label: "analytics.live.byPerson", count: "resolvedByPerson" },
] as const;

/**
 * Live chat over the period: how often visitors asked for a person, how long they waited for the
 * first reply from one, and how many conversations the bot resolved alone versus with a person.
 */
export function LiveChatCard({ live }: { live: Analytics["live"] }) {
  const { t } = useTranslation("inbox");
  const { number } = useFormat();
  const id = useId();
  const percent = (share: number) => number(share, { style: "percent", maximumFractionDigits: 1 });
  const { median, p90 } = live.firstHumanReplySeconds;
  const split = resolutionSplit(live.resolvedByBot, live.resolvedByPerson);
  // A person may also reply without being asked: the split still says so with no handoff.
  const showSplit = split !== null && (live.handoffs > 0 || live.resolvedByPerson > 0);

  return (
    <section className="card an-card an-live" aria-labelledby={`${id}-title`}>
      <div className="an-card-head">
        <h2 id={`${id}-title`} className="an-card-title">
          {t("analytics.live.title")}
        </h2>
        <p className="an-muted an-small">{t("analytics.live.note")}</p>
      </div>
      {live.handoffs === 0 ? <p className="an-empty">{t("analytics.live.empty")}</p> : null}
      {live.handoffs > 0 || showSplit ? (
        <dl className="live-stats">
          {live.handoffs > 0 ? (
            <>
              <div className="live-stat">
                <dt className="live-label">{t("analytics.live.handoffRate")}</dt>
                <dd className="live-value">{live.handoffRate === null ? "—" : percent(live.handoffRate)}</dd>
                <dd className="live-detail">{t("analytics.live.handoffs", { count: live.handoffs })}</dd>
              </div>
              <div className="live-stat">
                <dt className="live-label">{t("analytics.live.firstReply")}</dt>
                <dd className="live-value">{formatDuration(median, t)}</dd>
                <dd className="live-detail">
                  {median === null
                    ? t("analytics.live.noReply")
                    : p90 === null
                      ? t("analytics.live.firstReplyMedian")
                      : t("analytics.live.firstReplyDetail", {
                          share: percent(0.9),
                          p90: formatDuration(p90, t),
                        })}
                </dd>
              </div>
            </>
          ) : null}
          {showSplit && split ? (
            <div className="live-stat live-resolution">
              <dt className="live-label">{t("analytics.live.resolution")}</dt>
              <dd>
                <div
                  className="live-split"
                  role="img"
                  aria-label={t("analytics.live.split", {
                    bot: percent(split.bot),
                    person: percent(split.person),
                  })}
                >
                  {live.resolvedByBot > 0 ? (
                    <span className="live-split-bot" style={{ flexGrow: live.resolvedByBot }} />
                  ) : null}
                  {live.resolvedByPerson > 0 ? (
                    <span className="live-split-person" style={{ flexGrow: live.resolvedByPerson }} />
                  ) : null}
                </div>
              </dd>
              <dd>
                <ul className="live-legend">
                  {RESOLVERS.map(({ side, label, count }) => (
                    <li key={side}>
                      <span className={`live-swatch live-split-${side}`} aria-hidden="true" />
                      <span className="live-legend-label">{t(label)}</span>
                      <span className="live-legend-count">{number(live[count])}</span>
                      <span className="an-muted">{percent(split[side])}</span>
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </section>
  );
}
