import { Button } from "@parley/ui/components/Button";
import { useTranslation } from "@parley/ui/i18n/react";
import "../styles/plan-unavailable.css";

interface PlanUnavailableProps {
  onRetry: () => void;
  retrying: boolean;
}

/**
 * Where the plan would be when the subscription could not be loaded. Spec §8: subscription fetch
 * errors are only logged (see `loadSubscription`), so this says nothing technical: no status, no
 * server text, just that the details are missing for now and a way to try again.
 */
export function PlanUnavailable({ onRetry, retrying }: PlanUnavailableProps) {
  const { t } = useTranslation("billing");
  return (
    <div className="plan-unavailable" data-testid="plan-unavailable">
      <p>{t("unavailable")}</p>
      <Button variant="secondary" size="sm" onClick={onRetry} busy={retrying}>
        {t("tryAgain")}
      </Button>
    </div>
  );
}
