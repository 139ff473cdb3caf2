import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { Button } from "../components/Button";
import { CardHeader } from "../components/Shell";
import { Spinner } from "../components/Spinner";
import { type ApiFailure, describeApiError } from "../errors";
import { Link } from "../router";
import { useText } from "../text";
import { DEFAULT_PLATFORM, pageHref } from "../urls";

export function LoadingCard() {
  const { t } = useTranslation("auth");
  return (
    <div className="card-loading">
      <Spinner label={t("common.loading")} />
    </div>
  );
}

/** `?platform=` names an app the service doesn't know: no form, nothing to sign in to. */
export function InvalidPlatformPage({ platformId, webUrl }: { platformId: string; webUrl: string | null }) {
  const { t } = useTranslation("auth");
  return (
    <>
      <CardHeader
        icon="link"
        tone="warning"
        title={t("status.invalidPlatformTitle")}
        subtitle={t("status.invalidPlatformText")}
      />
      {webUrl && (
        <a className="btn btn-secondary btn-block" href={`${webUrl}/`}>
          <span className="btn-label">{t("status.goToParley")}</span>
        </a>
      )}
      <p className="error-code">
        <Trans
          i18nKey="status.appId"
          ns="auth"
          values={{ id: platformId }}
          components={{ code: <code dir="ltr" /> }}
        />
      </p>
    </>
  );
}

export function PlatformUnavailablePage({ failure, onRetry }: { failure: ApiFailure; onRetry: () => void }) {
  const { t } = useTranslation("auth");
  const tx = useText();
  return (
    <>
      <CardHeader
        icon="warning"
        tone="warning"
        title={t("status.unavailableTitle")}
        subtitle={tx(describeApiError(failure).message)}
      />
      <Button block onClick={onRetry}>
        {t("common.tryAgain")}
      </Button>
    </>
  );
}

export function NotFoundPage({ platformId }: { platformId: string }) {
  const { t } = useTranslation("auth");
  return (
    <>
      <CardHeader
        icon="link"
        tone="warning"
        title={t("status.notFoundTitle")}
        subtitle={t("status.notFoundText")}
      />
      <Link className="btn btn-primary btn-block" href={pageHref("sign-in", platformId || DEFAULT_PLATFORM)}>
        <span className="btn-label">{t("status.goToSignIn")}</span>
      </Link>
    </>
  );
}
