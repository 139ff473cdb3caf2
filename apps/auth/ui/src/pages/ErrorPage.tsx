import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { ButtonLink, ErrorCode, ProblemHeader } from "../components/Card";
import { describeOAuthError } from "../errors";
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
  return (
    <>
      <ProblemHeader problem={text} />
      <ButtonLink to={pageHref("sign-in", platformId, languageParams(search))}>
        {t("common.backToSignIn")}
      </ButtonLink>
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
      {text.code && <ErrorCode code={text.code} />}
    </>
  );
}
