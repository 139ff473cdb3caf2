import { useTranslation } from "@parley/ui/i18n/react";
import { BusyButton } from "./BusyButton";
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
      <BusyButton className="btn btn-secondary btn-sm" onClick={onRetry} busy={retrying}>
        {t("tryAgain")}
      </BusyButton>
    </div>
  );
}
