import type { PlanChange } from "@parley/contracts";
import { useFormat, useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { BillingTable } from "./BillingTable";

/** Changes a page of the history (newest first). */
const PAGE_SIZE = 10;

/**
 * The workspace's plan changes, newest first: what changed, to which plan, and whether Parley's
 * team made the change (a plan granted, a refund, a downgrade scheduled for the customer).
 */
export function PlanChanges({ changes }: { changes: readonly PlanChange[] }) {
  const { t } = useTranslation("billing");
  const { language } = useLanguage();
  const format = useFormat();
  // The Free plan every workspace starts on is not news; a history of only that says nothing.
  const shown = changes.filter((c) => c.kind !== "created");
  if (shown.length === 0)
    return (
      <p className="muted" data-testid="plan-changes-empty">
        {t("planChanges.empty")}
      </p>
    );
  return (
    <BillingTable
      className="plan-changes-table"
      caption={t("planChanges.caption")}
      rows={shown}
      rowKey={(change) => `${change.at}|${change.kind}`}
      rowProps={(change) => ({ "data-kind": change.kind })}
      pageSize={PAGE_SIZE}
      columns={[
        {
          key: "date",
          header: t("planChanges.date"),
          cell: (change) => format.date(change.at, "dateTime"),
        },
        {
          key: "change",
          header: t("planChanges.change"),
          cell: (change) => {
            const to = change.to?.[language] ?? "";
            const from = change.from?.[language] ?? "";
            const until = change.effectiveAt ? format.date(change.effectiveAt) : "";
            return t(`planChanges.kinds.${change.kind}`, { to, from, until });
          },
        },
        {
          key: "by",
          header: t("planChanges.by"),
          cell: (change) => (change.byParley ? t("planChanges.byParley") : t("planChanges.byYou")),
        },
      ]}
    />
  );
}
