import { Button, buttonClass } from "@parley/ui/components/Button";
import { Spinner } from "@parley/ui/components/Spinner";
import { LTR_CODE, Trans, useTranslation } from "@parley/ui/i18n/react";
import { Link } from "react-router-dom";
import { CardHeader } from "../components/Shell";
import { type ApiFailure, describeApiError } from "../errors";
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
        <a className={buttonClass({ variant: "secondary", block: true })} href={`${webUrl}/`}>
          <span className="btn-label">{t("status.goToParley")}</span>
        </a>
      )}
      <p className="error-code">
        <Trans i18nKey="status.appId" ns="auth" values={{ id: platformId }} components={LTR_CODE} />
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
      <Link
        className={buttonClass({ variant: "primary", block: true })}
        to={pageHref("sign-in", platformId || DEFAULT_PLATFORM)}
      >
        <span className="btn-label">{t("status.goToSignIn")}</span>
      </Link>
    </>
  );
}
