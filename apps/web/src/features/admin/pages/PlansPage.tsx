import { type AdminPlan, formatMoney } from "@parley/contracts";
import { buttonClass } from "@parley/ui/components/Button";

import { Ltr, useFormat, useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { Link } from "react-router-dom";
import { usePlansAdmin } from "../api";
import { AdminTable } from "../components/AdminTable";
import { useCanChange } from "../components/ConsoleContext";
import { Badge, Empty, LoadStatus, PageHead } from "../components/Status";

/** Every plan with its price, limits, state and version; admins open one to edit it. */
export function PlansPage() {
  const { t } = useTranslation("admin");
  const plans = usePlansAdmin();
  return (
    <>
      <PageHead page="plans" />
      <LoadStatus query={plans} loading={t("plans.loading")} failed={t("plans.failed")} />
      {plans.data && plans.data.items.length === 0 ? <Empty>{t("plans.empty")}</Empty> : null}
      {plans.data && plans.data.items.length > 0 ? <PlansTable plans={plans.data.items} /> : null}
    </>
  );
}

export function PlansTable({ plans }: { plans: readonly AdminPlan[] }) {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  const format = useFormat();
  const canChange = useCanChange();
  const sorted = [...plans].sort(
    (a, b) =>
      Number(b.isActive) - Number(a.isActive) ||
      a.tier - b.tier ||
      a.billingInterval.localeCompare(b.billingInterval),
  );
  return (
    <AdminTable
      caption={t("plans.caption")}
      rows={sorted}
      rowKey={(p) => p.id}
      rowProps={(p) => ({ "data-plan-id": p.id })}
      columns={[
        {
          key: "name",
          header: t("plans.name"),
          cell: (p) => (
            <>
              <bdi className="admin-strong">{p.texts[language].name}</bdi>
              <span className="admin-sub">
                {t(`plans.${p.billingInterval}`)} · <Ltr className="admin-id">{p.code}</Ltr>
              </span>
            </>
          ),
        },
        {
          key: "price",
          header: t("plans.price"),
          className: "admin-numeric",
          cell: (p) => (
            <>
              {formatMoney(p.price.amount, p.price.currency)}
              {p.nextPrice ? (
                <span className="admin-sub">
                  {t("plans.nextPrice", {
                    amount: formatMoney(p.nextPrice.amount.amount, p.nextPrice.amount.currency),
                    date: format.date(p.nextPrice.from),
                  })}
                </span>
              ) : null}
            </>
          ),
        },
        {
          key: "limits",
          header: t("plans.limits"),
          cell: (p) => (
            <ul className="admin-plain-list admin-limits-list">
              <li>{t("plans.bots", { count: p.limits.chatbots, n: format.number(p.limits.chatbots) })}</li>
              <li>
                {t("plans.messages", {
                  count: p.limits.messagesPerMonth,
                  n: format.number(p.limits.messagesPerMonth),
                })}
              </li>
              <li>
                {t("plans.sources", {
                  count: p.limits.knowledgeSources,
                  n: format.number(p.limits.knowledgeSources),
                })}
              </li>
              <li>
                {t("plans.members", {
                  count: p.limits.teamMembers,
                  n: format.number(p.limits.teamMembers),
                })}
              </li>
            </ul>
          ),
        },
        {
          key: "state",
          header: t("plans.state"),
          cell: (p) => (
            <>
              <Badge tone={p.isActive ? "success" : "neutral"}>
                {t(p.isActive ? "plans.active" : "plans.retired")}
              </Badge>
              <span className="admin-sub">
                {t("plans.version", { version: format.number(p.version) })}
                {p.editedAt ? ` · ${t("plans.edited", { date: format.date(p.editedAt) })}` : null}
              </span>
            </>
          ),
        },
        ...(canChange
          ? [
              {
                key: "edit",
                header: t("plans.edit"),
                hideHeader: true,
                labelled: false,
                cell: (p: AdminPlan) => (
                  <Link
                    className={buttonClass({ variant: "secondary", size: "sm" })}
                    to={`/admin/plans/${encodeURIComponent(p.id)}`}
                    aria-label={t("plans.editAria", {
                      name: p.texts[language].name,
                      interval: t(`plans.${p.billingInterval}`),
                    })}
                  >
                    {t("plans.edit")}
                  </Link>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
