import { Button } from "@parley/ui/components/Button";
import { LTR_CODE, Trans, useTranslation } from "@parley/ui/i18n/react";
import { ButtonLink } from "../components/Card";
import { CardHeader } from "../components/Shell";
import { type ApiFailure, describeApiError } from "../errors";
import { useText } from "../text";
import { DEFAULT_PLATFORM, pageHref } from "../urls";

/** `?platform=` names an app the service doesn't know: no form, nothing to sign in to. */
export function InvalidPlatformPage({ platformId, webUrl }: { platformId: string; webUrl: string | null }) {
  const { t } = useTranslation("auth");
  return (
    <>
      <CardHeader
        icon="link"
        title={t("status.invalidPlatformTitle")}
        subtitle={t("status.invalidPlatformText")}
      />
      {webUrl && (
        <ButtonLink variant="secondary" href={`${webUrl}/`}>
          {t("status.goToParley")}
        </ButtonLink>
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
      <CardHeader icon="link" title={t("status.notFoundTitle")} subtitle={t("status.notFoundText")} />
      <ButtonLink to={pageHref("sign-in", platformId || DEFAULT_PLATFORM)}>
        {t("status.goToSignIn")}
      </ButtonLink>
    </>
  );
}
