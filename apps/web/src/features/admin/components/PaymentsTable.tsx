import { type AdminPayment, formatMoney } from "@parley/contracts";
import type { TableColumn } from "@parley/ui/components/Table";
import { Ltr, useFormat, useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { Link } from "react-router-dom";
import { AdminTable, useWhenColumn } from "./AdminTable";
import { PaymentStateBadge, ProviderText } from "./PaymentBits";

/** Payments, newest first: each links to its page; the workspace column when they are of many. */
export function PaymentsTable({
  payments,
  showWorkspace = true,
  pageSize,
}: {
  payments: readonly AdminPayment[];
  showWorkspace?: boolean;
  pageSize?: number;
}) {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  const _format = useFormat();
  const when = useWhenColumn();
  const columns: TableColumn<AdminPayment>[] = [
    when("created", t("payments.created"), (p) => p.createdAt, true),
    {
      key: "reference",
      header: t("payments.reference"),
      cell: (p) => (
        <Link to={`/admin/payments/${encodeURIComponent(p.trackId)}`}>
          <Ltr className="admin-id">{p.trackId}</Ltr>
        </Link>
      ),
    },
    ...(showWorkspace
      ? [
          {
            key: "workspace",
            header: t("payments.workspace"),
            cell: (p: AdminPayment) => (
              <Link to={`/admin/customers/${encodeURIComponent(p.workspaceId)}`}>
                <Ltr className="admin-id">{p.workspaceId}</Ltr>
              </Link>
            ),
          },
        ]
      : []),
    { key: "plan", header: t("payments.plan"), cell: (p) => <bdi>{p.plan.names[language]}</bdi> },
    {
      key: "amount",
      header: t("payments.amount"),
      className: "admin-numeric",
      cell: (p) => formatMoney(p.amount.amount, p.amount.currency),
    },
    { key: "provider", header: t("payments.provider"), cell: (p) => <ProviderText payment={p} /> },
    { key: "state", header: t("payments.state"), cell: (p) => <PaymentStateBadge state={p.state} /> },
  ];
  return (
    <AdminTable
      caption={t("payments.caption")}
      rows={payments}
      rowKey={(p) => p.trackId}
      rowProps={(p) => ({ "data-track-id": p.trackId, "data-state": p.state })}
      columns={columns}
      {...(pageSize ? { pageSize } : {})}
    />
  );
}
