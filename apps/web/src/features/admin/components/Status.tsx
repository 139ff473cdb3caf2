import { Alert } from "@parley/ui/components/Alert";
import { Button } from "@parley/ui/components/Button";
import { Spinner } from "@parley/ui/components/Spinner";
import { Ltr, useErrorText, useTranslation } from "@parley/ui/i18n/react";
import { type ReactNode, useId } from "react";
import { Link } from "react-router-dom";
import { PageHeader } from "../../../components/PageHeader";
import { Svg } from "../../../components/Svg";
import { useDocumentTitle } from "../../../components/use-document-title";
import { isApiError } from "../../../lib/api";

/** A part of a page still loading: a spinner that says what it waits for. */
export function Loading({ label }: { label: string }) {
  return (
    <div className="admin-loading">
      <Spinner label={label} />
      <span aria-hidden="true">{label}</span>
    </div>
  );
}

/** A failed load: what failed, the server's words, its reference when it broke, and Try again. */
export function LoadError({
  what,
  error,
  onRetry,
  retrying = false,
}: {
  what: string;
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation(["admin", "common"]);
  const errorText = useErrorText();
  const api = isApiError(error) ? error : null;
  return (
    <Alert tone="error" className="admin-error">
      <strong>{what}</strong> {api ? errorText(api) : errorText(null)}
      {api?.requestId && api.status >= 500 ? (
        <span className="alert-meta">{t("common:reference", { id: api.requestId })}</span>
      ) : null}
      {onRetry ? (
        <Button variant="secondary" size="sm" busy={retrying} onClick={onRetry}>
          {t("common.retry")}
        </Button>
      ) : null}
    </Alert>
  );
}

/** One block of a console page: a card with its heading, an optional action at the heading's end. */
export function Section({
  title,
  action,
  children,
  className,
}: {
  title: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section className={`card admin-section${className ? ` ${className}` : ""}`} aria-labelledby={id}>
      <div className="admin-section-head">
        <h2 id={id}>{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A list's "nothing here". */
export function Empty({ children }: { children: ReactNode }) {
  return <p className="admin-empty">{children}</p>;
}

/** A state in a coloured pill (the billing page's badge look). */
export function Badge({
  tone,
  children,
}: {
  tone: "success" | "warning" | "danger" | "neutral" | "info";
  children: ReactNode;
}) {
  return <span className={`admin-badge admin-badge-${tone}`}>{children}</span>;
}

/** "Back to …": the arrow points backwards in either direction of reading. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link className="admin-back" to={to}>
      <Svg size={16} className="icon-directional">
        <path d="M19 12H5M11 6l-6 6 6 6" />
      </Svg>
      {children}
    </Link>
  );
}

/** A page whose subject does not exist (a wrong id in the address): says so, with the id. */
export function Missing({ title, id }: { title: string; id: string }) {
  return (
    <div className="admin-empty-state">
      <h1>{title}</h1>
      <p>
        <Ltr className="admin-id">{id}</Ltr>
      </p>
    </div>
  );
}

/** A console page's heading and lead; with `action` (even a null one), a row with it at the end. */
export function PageHead({
  page,
  action,
}: {
  /** The console page: its heading, lead and tab title are the catalog's `<page>.title` and `.lead`. */
  page: "actions" | "customers" | "health" | "payments" | "plans";
  action?: ReactNode;
}) {
  const { t } = useTranslation("admin");
  const title = t(`${page}.title`);
  const lead = t(`${page}.lead`);
  useDocumentTitle(title);
  if (action === undefined) return <PageHeader title={title} lead={lead} />;
  return (
    <header className="app-page-head admin-head-row">
      <div>
        <h1>{title}</h1>
        <p className="app-page-lead">{lead}</p>
      </div>
      {action}
    </header>
  );
}

/** What a page's load is doing while it has nothing to show: loading, or failed with Try again. */
export interface LoadState {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A page's load while it is not done: the spinner, else the failure with Try again (unless
 * `quiet`: there is something to show all the same). With `missing`, a NOT_FOUND answer is that
 * page's "no such …" with the id instead.
 */
export function LoadStatus({
  query,
  loading,
  failed,
  quiet = false,
  missing,
}: {
  query: LoadState;
  loading: string;
  failed: string;
  quiet?: boolean;
  missing?: { title: string; id: string };
}) {
  const notFound = missing && isApiError(query.error) && query.error.code === "NOT_FOUND";
  return (
    <>
      {query.isPending ? <Loading label={loading} /> : null}
      {query.isError && !quiet ? (
        notFound ? (
          <Missing title={missing.title} id={missing.id} />
        ) : (
          <LoadError
            what={failed}
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        )
      ) : null}
    </>
  );
}

/**
 * A page about one thing (a workspace, a payment): the way back, its load, then the thing itself.
 * Its words are the catalog's `<page>.documentTitle`, `.loading`, `.failed` and `.notFound`.
 */
export function DetailPage<T>({
  page,
  id,
  back,
  query,
  children,
}: {
  page: "payment" | "workspace";
  /** What the address names (shown when nothing has it). */
  id: string;
  back: { to: string; label: string };
  query: LoadState & { data: T | undefined };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation("admin");
  useDocumentTitle(t(`${page}.documentTitle`));
  return (
    <>
      <BackLink to={back.to}>{back.label}</BackLink>
      <LoadStatus
        query={query}
        loading={t(`${page}.loading`)}
        failed={t(`${page}.failed`)}
        missing={{ title: t(`${page}.notFound`), id }}
      />
      {query.data ? children(query.data) : null}
    </>
  );
}
