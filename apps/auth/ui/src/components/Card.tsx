import { type ButtonVariant, buttonClass } from "@parley/ui/components/Button";
import { Spinner } from "@parley/ui/components/Spinner";
import { Trans, useTranslation } from "@parley/ui/i18n/react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type { RedirectError } from "../errors";
import { useText } from "../text";
import { pageHref } from "../urls";
import { CardHeader } from "./Shell";

/**
 * The pieces the pages' cards share: the loading state, a link drawn as a full-width button, the
 * footnote links back to sign-in, the "start over" line and the error code shown for support.
 */

/** The card while something loads (the page's settings, the session, an invitation). */
export function LoadingCard({ label, small = false }: { label?: string; small?: boolean }) {
  const { t } = useTranslation("auth");
  return (
    <div className={small ? "card-loading small-loading" : "card-loading"}>
      <Spinner label={label ?? t("common.loading")} />
    </div>
  );
}

/** A link drawn as a full-width button: an in-app route (`to`), or another site (`href`). */
export function ButtonLink({
  variant = "primary",
  children,
  ...target
}: ({ to: string } | { href: string }) & { variant?: ButtonVariant; children: ReactNode }) {
  const className = buttonClass({ variant, block: true });
  const label = <span className="btn-label">{children}</span>;
  return "to" in target ? (
    <Link className={className} to={target.to}>
      {label}
    </Link>
  ) : (
    <a className={className} href={target.href}>
      {label}
    </a>
  );
}

/** The card's closing line: "Back to sign in", after whatever else (`children`) it offers. */
export function BackToSignIn({
  platformId,
  params,
  children,
}: {
  platformId: string;
  /** The sign-in page's extra parameters (the e-mail to fill in, the invitation to keep). */
  params?: Record<string, string>;
  children?: ReactNode;
}) {
  const { t } = useTranslation("auth");
  return (
    <p className="card-footnote">
      {children}
      <Link to={pageHref("sign-in", platformId, params)}>{t("common.backToSignIn")}</Link>
    </p>
  );
}

/** The card's closing sentence with a link in it (the catalog's `<a>`), e.g. "New to Parley? Create an account". */
export function FootnoteLink({
  i18nKey,
  to,
}: {
  i18nKey: "signIn.newToParley" | "signUp.haveAccount" | "forgot.remembered";
  to: string;
}) {
  return (
    <p className="card-footnote">
      <Trans i18nKey={i18nKey} ns="auth" components={{ a: <Link to={to} /> }} />
    </p>
  );
}

/** The small line after an e-mail was sent, whose button (the catalog's `<button>`) starts over. */
export function StartOver({
  i18nKey,
  onClick,
}: {
  i18nKey: "forgot.sentHelp" | "signUp.cantFind";
  onClick: () => void;
}) {
  return (
    <p className="muted small">
      <Trans
        i18nKey={i18nKey}
        ns="auth"
        components={{ button: <button type="button" className="inline-link" onClick={onClick} /> }}
      />
    </p>
  );
}

/** The heading of a page that explains a failed link or redirect (its title and message). */
export function ProblemHeader({
  problem,
  icon = "warning",
}: {
  problem: RedirectError;
  icon?: "warning" | "link";
}) {
  const tx = useText();
  return <CardHeader icon={icon} title={tx(problem.title)} subtitle={tx(problem.message)} />;
}

/** "Error code: …", small, for support (isolated left to right). */
export function ErrorCode({ code }: { code: string }) {
  return (
    <p className="error-code">
      <Trans
        i18nKey="common.errorCode"
        ns="auth"
        values={{ code }}
        components={{ code: <bdi dir="ltr" /> }}
      />
    </p>
  );
}
