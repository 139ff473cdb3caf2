import { Button } from "@parley/ui/components/Button";
import { EmptyState } from "@parley/ui/components/EmptyState";
import { Field, fieldAria } from "@parley/ui/components/Field";
import { useTranslation } from "@parley/ui/i18n/react";
import { type FormEvent, useEffect, useId, useMemo, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { useDocumentTitle } from "../../../components/use-document-title";
import { usePayments } from "../api";
import { PaymentsTable } from "../components/PaymentsTable";
import { LoadError, Loading } from "../components/Status";
import {
  anyPaymentFilter,
  PAYMENT_PROVIDERS,
  PAYMENT_STATES,
  type PaymentFilters,
  paymentFiltersFrom,
  paymentFiltersToSearch,
} from "../console";

/** Payments, newest first, filtered by reference, state, provider, amount and days (in the address), a page at a time. */
export function PaymentsPage() {
  const { t } = useTranslation("admin");
  useDocumentTitle(t("payments.title"));
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => paymentFiltersFrom(params), [params]);
  const [draft, setDraft] = useState<PaymentFilters>(filters);
  const id = useId();
  const payments = usePayments(filters);
  const items = useMemo(() => payments.data?.pages.flatMap((p) => p.items) ?? [], [payments.data]);
  const filtered = anyPaymentFilter(filters);

  useEffect(() => setDraft(filters), [filters]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(paymentFiltersToSearch({ ...draft, q: draft.q?.trim() ?? "" }));
  };

  return (
    <>
      <header className="app-page-head">
        <h1>{t("payments.title")}</h1>
        <p className="app-page-lead">{t("payments.lead")}</p>
      </header>
      <form className="admin-filters" onSubmit={submit} aria-label={t("payments.filters")} noValidate>
        <Field id={`${id}-q`} label={t("payments.reference")} hint={t("payments.referenceHint")}>
          <input
            id={`${id}-q`}
            type="search"
            value={draft.q ?? ""}
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
            {...fieldAria(`${id}-q`, undefined, true)}
            onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          />
        </Field>
        <Field id={`${id}-state`} label={t("payments.state")}>
          <select
            id={`${id}-state`}
            value={draft.state ?? ""}
            onChange={(event) =>
              setDraft({ ...draft, state: PAYMENT_STATES.find((s) => s === event.target.value) })
            }
          >
            <option value="">{t("payments.anyState")}</option>
            {PAYMENT_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`payments.states.${state}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-provider`} label={t("payments.provider")}>
          <select
            id={`${id}-provider`}
            value={draft.provider ?? ""}
            onChange={(event) =>
              setDraft({ ...draft, provider: PAYMENT_PROVIDERS.find((p) => p === event.target.value) })
            }
          >
            <option value="">{t("payments.anyProvider")}</option>
            {PAYMENT_PROVIDERS.map((provider) => (
              <option key={provider} value={provider}>
                {t(`payments.providers.${provider}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-amount`} label={t("payments.amountFilter")} hint={t("payments.amountHint")}>
          <input
            id={`${id}-amount`}
            inputMode="decimal"
            dir="ltr"
            value={draft.amount ?? ""}
            autoComplete="off"
            maxLength={12}
            {...fieldAria(`${id}-amount`, undefined, true)}
            onChange={(event) => setDraft({ ...draft, amount: event.target.value })}
          />
        </Field>
        <Field id={`${id}-from`} label={t("payments.from")}>
          <input
            id={`${id}-from`}
            type="date"
            value={draft.from ?? ""}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </Field>
        <Field id={`${id}-to`} label={t("payments.to")}>
          <input
            id={`${id}-to`}
            type="date"
            value={draft.to ?? ""}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </Field>
        <div className="admin-filters-actions">
          <Button type="submit">{t("payments.apply")}</Button>
          {filtered ? (
            <Button variant="ghost" onClick={() => setParams({})}>
              {t("payments.clear")}
            </Button>
          ) : null}
        </div>
      </form>
      <div className="admin-results" aria-live="polite">
        {payments.isPending ? <Loading label={t("payments.loading")} /> : null}
        {payments.isError && items.length === 0 ? (
          <LoadError
            what={t("payments.failed")}
            error={payments.error}
            onRetry={() => void payments.refetch()}
            retrying={payments.isFetching}
          />
        ) : null}
        {payments.data && items.length === 0 ? (
          <EmptyState
            className="admin-empty-state"
            title={filtered ? t("payments.empty") : t("payments.emptyAll")}
          />
        ) : null}
        {items.length > 0 ? (
          <>
            <p className="admin-count">{t("payments.shown", { count: items.length })}</p>
            <PaymentsTable payments={items} />
            {payments.isFetchNextPageError ? (
              <LoadError what={t("payments.failed")} error={payments.error} />
            ) : null}
            {payments.hasNextPage ? (
              <div className="admin-more">
                <Button
                  variant="secondary"
                  busy={payments.isFetchingNextPage}
                  busyLabel={t("payments.loadingMore")}
                  onClick={() => void payments.fetchNextPage()}
                >
                  {t("payments.more")}
                </Button>
              </div>
            ) : null}
          </>
        ) : null}
      </div>
    </>
  );
}
