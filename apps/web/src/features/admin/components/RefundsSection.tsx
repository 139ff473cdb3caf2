import { type AdminPaymentDetail, formatMoney } from "@parley/contracts";

import { Ltr, useFormat, useTranslation } from "@parley/ui/i18n/react";
import { AdminTable, useWhenColumn } from "./AdminTable";
import { useRecordedText } from "./form";
import { Badge, Section } from "./Status";

const TONE = { requested: "warning", refunded: "success", failed: "danger" } as const;

/** A payment's refunds: when, how much, its state, what happened to the plan, who asked and why. */
export function RefundsSection({ refunds }: { refunds: AdminPaymentDetail["refunds"] }) {
  const { t } = useTranslation("admin");
  const _format = useFormat();
  const when = useWhenColumn();
  const recorded = useRecordedText();
  if (refunds.length === 0) return null;
  return (
    <Section title={t("payment.refunds")}>
      <AdminTable
        caption={t("payment.refundsCaption")}
        rows={refunds}
        rowKey={(r) => r.id}
        columns={[
          when("when", t("payment.refundWhen"), (r: AdminPaymentDetail["refunds"][number]) => r.createdAt),
          {
            key: "amount",
            header: t("payments.amount"),
            className: "admin-numeric",
            cell: (r) => formatMoney(r.amount.amount, r.amount.currency),
          },
          {
            key: "status",
            header: t("payment.refundStatus"),
            cell: (r) => (
              <>
                <Badge tone={TONE[r.status]}>{t(`payment.refundStatuses.${r.status}`)}</Badge>
                {r.resultMessage ? <bdi className="admin-sub">{recorded(r.resultMessage)}</bdi> : null}
              </>
            ),
          },
          {
            key: "plan",
            header: t("payment.consequence"),
            cell: (r) => t(`payment.consequences.${r.planConsequence}`),
          },
          {
            key: "by",
            header: t("payment.refundBy"),
            cell: (r) => (
              <>
                <Ltr>{r.requestedBy}</Ltr>
                <bdi className="admin-sub admin-reason-text">{r.reason}</bdi>
              </>
            ),
          },
        ]}
      />
    </Section>
  );
}
