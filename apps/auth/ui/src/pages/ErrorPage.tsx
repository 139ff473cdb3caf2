import { buttonClass } from "@parley/ui/components/Button";
import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { Link } from "react-router-dom";
import { CardHeader } from "../components/Shell";
import { describeOAuthError } from "../errors";
import { useText } from "../text";
import { languageParams, pageHref } from "../urls";

/**
 * `/auth/error?error=<code>`: where social sign-in failures land (errorCallbackURL), and any other
 * error redirect. `error_description` is deliberately not shown: it comes from the address bar, so
 * anyone could put misleading text there.
 */
export function ErrorPage({
  platformId,
  search,
  webUrl,
}: {
  platformId: string;
  search: string;
  webUrl: string | null;
}) {
  const text = describeOAuthError(new URLSearchParams(search).get("error"));
  const { t } = useTranslation("auth");
  const tx = useText();
  return (
    <>
      <CardHeader icon="warning" tone="warning" title={tx(text.title)} subtitle={tx(text.message)} />
      <Link
        className={buttonClass({ variant: "primary", block: true })}
        to={pageHref("sign-in", platformId, languageParams(search))}
      >
        <span className="btn-label">{t("common.backToSignIn")}</span>
      </Link>
      <p className="card-footnote">
        {webUrl ? (
          <Trans
            i18nKey="errorPage.stuckWithLink"
            ns="auth"
            components={{
              // biome-ignore lint/a11y/useAnchorContent: Trans puts the catalog's link text inside
              a: <a href={`${webUrl}/contact`} />,
            }}
          />
        ) : (
          t("errorPage.stuck")
        )}
      </p>
      {text.code && (
        <p className="error-code">
          <Trans
            i18nKey="common.errorCode"
            ns="auth"
            values={{ code: text.code }}
            components={{ code: <bdi dir="ltr" /> }}
          />
        </p>
      )}
    </>
  );
}
