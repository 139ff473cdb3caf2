import type { AdminWorkspaceHit } from "@parley/contracts";
import { Alert } from "@parley/ui/components/Alert";
import { Button } from "@parley/ui/components/Button";
import { EmptyState } from "@parley/ui/components/EmptyState";
import { Field, fieldAria } from "@parley/ui/components/Field";

import { Ltr, useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useWorkspaceSearch } from "../api";
import { AdminTable } from "../components/AdminTable";
import { useValidationText } from "../components/form";
import { Badge, LoadStatus, PageHead } from "../components/Status";
import { workspaceNameOf } from "../console";

/** Customers: find a workspace, then open it. The search is in the address (`?q=`), so Back works. */
export function CustomersPage() {
  const { t } = useTranslation("admin");
  const [params, setParams] = useSearchParams();
  const q = params.get("q")?.trim() ?? "";
  const [text, setText] = useState(q);
  const [invalid, setInvalid] = useState(false);
  const validation = useValidationText();
  const id = useId();
  const search = useWorkspaceSearch(q);

  // Back and Forward change the address: the box follows.
  useEffect(() => setText(q), [q]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (value.length < 2) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setParams({ q: value });
  };
  const error = invalid ? validation("searchShort") : undefined;

  return (
    <>
      <PageHead page="customers" />
      <form className="admin-search" onSubmit={submit} noValidate>
        <Field id={`${id}-q`} label={t("customers.searchLabel")} error={error}>
          <input
            id={`${id}-q`}
            type="search"
            value={text}
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
            onChange={(event) => setText(event.target.value)}
            {...fieldAria(`${id}-q`, error)}
          />
        </Field>
        <Button type="submit" busy={search.isFetching} busyLabel={t("customers.searching")}>
          {t("customers.search")}
        </Button>
      </form>
      {q.length >= 2 ? (
        <div className="admin-results" aria-live="polite">
          <LoadStatus query={search} loading={t("customers.searching")} failed={t("customers.failed")} />
          {search.data?.partial ? <Alert tone="warning">{t("common.partial")}</Alert> : null}
          {search.data && search.data.items.length === 0 ? (
            <EmptyState className="admin-empty-state" title={t("customers.empty", { q })}>
              <p>{t("customers.emptyHint")}</p>
            </EmptyState>
          ) : null}
          {search.data && search.data.items.length > 0 ? <Results items={search.data.items} /> : null}
        </div>
      ) : null}
    </>
  );
}

function Results({ items }: { items: readonly AdminWorkspaceHit[] }) {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  return (
    <>
      <p className="admin-count">{t("customers.found", { count: items.length })}</p>
      <AdminTable
        caption={t("customers.caption")}
        rows={items}
        rowKey={(w) => w.id}
        rowProps={(w) => ({ "data-workspace-id": w.id })}
        pageSize={25}
        columns={[
          {
            key: "workspace",
            header: t("customers.workspace"),
            cell: (w) => (
              <>
                <Link className="admin-strong" to={`/admin/customers/${encodeURIComponent(w.id)}`}>
                  {w.name ? (
                    <bdi>
                      {workspaceNameOf(w.name, (owner) => t("common.theirWorkspace", { name: owner }))}
                    </bdi>
                  ) : (
                    t("common.unnamedWorkspace")
                  )}
                </Link>
                {w.personal ? <Badge tone="neutral">{t("common.personal")}</Badge> : null}
                <Ltr className="admin-id admin-sub">{w.id}</Ltr>
              </>
            ),
          },
          {
            key: "owners",
            header: t("customers.owners"),
            cell: (w) =>
              w.owners.length === 0 ? (
                <span className="admin-muted">{t("common.none")}</span>
              ) : (
                <ul className="admin-plain-list">
                  {w.owners.map((o) => (
                    <li key={o.email}>
                      {o.name ? <bdi>{o.name}</bdi> : null}
                      <Ltr className="admin-sub">{o.email}</Ltr>
                    </li>
                  ))}
                </ul>
              ),
          },
          {
            key: "plan",
            header: t("customers.plan"),
            cell: (w) => (
              <>
                <bdi>{w.plan.names[language]}</bdi>{" "}
                <Badge tone={w.status === "active" ? "success" : "warning"}>{t(`status.${w.status}`)}</Badge>
              </>
            ),
          },
          {
            key: "matched",
            header: t("customers.matched"),
            cell: (w) => (
              <span className="admin-chips">
                {w.matched.map((m) => (
                  <Badge key={m} tone="info">
                    {t(`customers.matches.${m}`)}
                  </Badge>
                ))}
              </span>
            ),
          },
        ]}
      />
    </>
  );
}
