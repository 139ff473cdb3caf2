import { Button } from "@parley/ui/components/Button";
import { EmptyState } from "@parley/ui/components/EmptyState";
import { Field, fieldAria } from "@parley/ui/components/Field";
import { useTranslation } from "@parley/ui/i18n/react";
import { type FormEvent, useEffect, useId, useMemo, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { usePayments } from "../api";
import { PaymentsTable } from "../components/PaymentsTable";
import { LoadError, LoadStatus, PageHead } from "../components/Status";
import {
  anyPaymentFilter,
  PAYMENT_PROVIDERS,
  PAYMENT_STATES,
  type PaymentFilters,
  paymentFiltersFrom,
  paymentFiltersToSearch,
} from "../console";

/** A filter that is one of a few values, or any. */
function ChoiceFilter<V extends string>({
  id,
  label,
  anyLabel,
  choices,
  choiceLabel,
  value,
  onChange,
}: {
  id: string;
  label: string;
  anyLabel: string;
  choices: readonly V[];
  choiceLabel: (choice: V) => string;
  value: V | undefined;
  onChange: (value: V | undefined) => void;
}) {
  return (
    <Field id={id} label={label}>
      <select
        id={id}
        value={value ?? ""}
        onChange={(event) => onChange(choices.find((c) => c === event.target.value))}
      >
        <option value="">{anyLabel}</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choiceLabel(choice)}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** Payments, newest first, filtered by reference, state, provider, amount and days (in the address), a page at a time. */
export function PaymentsPage() {
  const { t } = useTranslation("admin");
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

  /** The first or last day of the payments shown. */
  const dayFilter = (edge: "from" | "to") => (
    <Field id={`${id}-${edge}`} label={t(`payments.${edge}`)}>
      <input
        id={`${id}-${edge}`}
        type="date"
        value={draft[edge] ?? ""}
        onChange={(event) => setDraft({ ...draft, [edge]: event.target.value })}
      />
    </Field>
  );

  return (
    <>
      <PageHead page="payments" />
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
        <ChoiceFilter
          id={`${id}-state`}
          label={t("payments.state")}
          anyLabel={t("payments.anyState")}
          choices={PAYMENT_STATES}
          choiceLabel={(state) => t(`payments.states.${state}`)}
          value={draft.state}
          onChange={(state) => setDraft({ ...draft, state })}
        />
        <ChoiceFilter
          id={`${id}-provider`}
          label={t("payments.provider")}
          anyLabel={t("payments.anyProvider")}
          choices={PAYMENT_PROVIDERS}
          choiceLabel={(provider) => t(`payments.providers.${provider}`)}
          value={draft.provider}
          onChange={(provider) => setDraft({ ...draft, provider })}
        />
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
        {dayFilter("from")}
        {dayFilter("to")}
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
        <LoadStatus
          query={payments}
          loading={t("payments.loading")}
          failed={t("payments.failed")}
          quiet={items.length > 0}
        />
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
