import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { useSyncExternalStore } from "react";
import { type InboxFilters, STATUS_VIEWS, statusViewOf, withStatusView } from "../filters";
import { liveStore } from "../live/live-store";

/**
 * The live-chat views above the list: All, Waiting for a person, Mine, Closed (the API's `status`
 * and `assignee=me` filters; the other filters stay as they are).
 */
export function StatusViews({
  filters,
  onChange,
}: {
  filters: InboxFilters;
  onChange: (next: InboxFilters) => void;
}) {
  const { t } = useTranslation("inbox");
  const active = statusViewOf(filters);
  return (
    <fieldset className="inbox-views">
      <legend className="sr-only">{t("live.views.label")}</legend>
      {STATUS_VIEWS.map((view) => (
        <button
          key={view}
          type="button"
          className="inbox-view"
          data-view={view}
          aria-pressed={view === active}
          onClick={() => onChange(withStatusView(filters, view))}
        >
          {view === "waiting" ? <span className="conv-live-dot" aria-hidden="true" /> : null}
          {/* One flex item: the button's gap must not split "Waiting" from " for a person". */}
          <span>
            {view === "waiting" ? (
              <Trans
                t={t}
                i18nKey="live.views.waiting"
                components={{ more: <span className="inbox-view-more" /> }}
              />
            ) : (
              t(`live.views.${view}`)
            )}
          </span>
        </button>
      ))}
    </fieldset>
  );
}

/** Says so while the live stream is cut off (it reconnects by itself). */
export function LiveStatusNotice() {
  const { t } = useTranslation("inbox");
  const connection = useSyncExternalStore(liveStore.subscribe, () => liveStore.get().connection);
  return (
    <p className="inbox-live-notice" role="status" data-state={connection}>
      {connection === "retrying" ? t("live.retrying") : null}
    </p>
  );
}
