import { Button } from "@parley/ui/components/Button";
import { useErrorText, useTranslation } from "@parley/ui/i18n/react";

interface ErrorPanelProps {
  title: string;
  error: Error;
  onRetry: () => void;
  retrying: boolean;
}

/** A section that failed to load: what failed, the server's reason, and a working retry. */
export function ErrorPanel({ title, error, onRetry, retrying }: ErrorPanelProps) {
  const { t } = useTranslation("billing");
  const errorText = useErrorText();
  return (
    <div className="billing-error" role="alert">
      <div>
        <p className="billing-error-title">{title}</p>
        <p>{errorText(error)}</p>
      </div>
      <Button variant="secondary" size="sm" onClick={onRetry} busy={retrying}>
        {t("tryAgain")}
      </Button>
    </div>
  );
}
