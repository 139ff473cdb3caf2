import { formatMoney } from "@parley/contracts";
import { Dialog } from "@parley/ui/components/Dialog";
import { Trans, useFormat, useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { type Dispatch, useEffect } from "react";
import { StrokeSvg } from "../../../components/Svg";
import { downgradeSeatWarning, useSeats } from "../../workspaces/public";
import { useDowngrade } from "../api";
import { downgradeSavings } from "../billing";
import { useBillingUser } from "../billing-user";
import {
  confirmDowngrade,
  DOWNGRADE_SUCCESS_CLOSE_MS,
  type DowngradeAction,
  type DowngradeState,
  nextPaint,
  submitDowngrade,
} from "../downgrade-flow";
import { useFlowWording } from "../use-wording";
import { CloseButton } from "./CloseButton";
import { PlanSummary } from "./PlanSummary";
import "../styles/billing-base.css";
import "../styles/billing-modals.css";

interface DowngradeModalProps {
  state: DowngradeState;
  dispatch: Dispatch<DowngradeAction>;
}

const importantNotes = [
  "downgrade.notes.endOfCycle",
  "downgrade.notes.keepAccess",
  "downgrade.notes.featuresUnavailable",
  "downgrade.notes.cancelAnytime",
] as const;

function ArrowIcon() {
  return (
    <StrokeSvg size={22} className="icon-directional">
      <path d="M5 12h14M13 6l6 6-6 6" />
    </StrokeSvg>
  );
}

/**
 * Spec §2.4: confirmation → processing → success. An error returns to confirmation with its
 * message; success closes itself after 3 s and resets; nothing closes it while processing.
 */
export function DowngradeModal({ state, dispatch }: DowngradeModalProps) {
  const { t } = useTranslation("billing");
  const { t: teamT } = useTranslation("team");
  const { language } = useLanguage();
  const { date: formatDate } = useFormat();
  const wording = useFlowWording();
  const { user } = useBillingUser();
  const downgrade = useDowngrade();
  const { stage, currentPlan, targetPlan, nextBillingDate, isProcessing } = state;
  // Billing is for owners, who may also read the workspace's seats.
  const seats = useSeats(user?.id ?? "", state.isOpen && Boolean(user));
  const seatWarning =
    targetPlan && seats.data ? downgradeSeatWarning(targetPlan, seats.data, teamT, language) : undefined;

  useEffect(() => {
    if (stage !== "success") return;
    const timer = window.setTimeout(() => dispatch({ type: "reset" }), DOWNGRADE_SUCCESS_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [stage, dispatch]);

  const confirm = () => {
    if (isProcessing) return;
    void confirmDowngrade(
      () => submitDowngrade({ downgrade: downgrade.mutateAsync }, state, user?.id, wording),
      dispatch,
      nextPaint,
    );
  };
  const close = () => dispatch({ type: "close" });

  if (stage === "processing") {
    return (
      <Dialog
        open={state.isOpen}
        onClose={close}
        dismissible={false}
        size="sm"
        title={t("downgrade.processingTitle")}
      >
        <div className="stage-panel" role="status" aria-live="polite">
          <span className="spinner spinner-lg" aria-hidden="true" />
          <h3>{t("downgrade.processingHeading")}</h3>
          <p>{t("downgrade.processingBody")}</p>
        </div>
      </Dialog>
    );
  }

  if (stage === "success") {
    const planName = state.scheduled?.planName ?? targetPlan?.name ?? "";
    const date = formatDate(state.scheduled?.effectiveAt ?? nextBillingDate ?? "");
    return (
      <Dialog
        open={state.isOpen}
        onClose={close}
        size="sm"
        title={t("downgrade.successTitle")}
        icon={
          <StrokeSvg size={24} strokeWidth={2.2}>
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          </StrokeSvg>
        }
      >
        <CloseButton onClick={close} />
        <div className="stage-panel stage-panel-success" role="status">
          <p className="stage-lead">
            <Trans
              t={t}
              i18nKey="downgrade.successLead"
              values={{ plan: planName, date }}
              components={{ b: <strong /> }}
            />
          </p>
          <p className="stage-note">{t("downgrade.autoClose")}</p>
        </div>
      </Dialog>
    );
  }

  const savings = currentPlan && targetPlan ? downgradeSavings(currentPlan, targetPlan) : null;
  const effective = nextBillingDate ? formatDate(nextBillingDate) : "";
  return (
    <Dialog
      open={state.isOpen}
      onClose={close}
      dismissible={!isProcessing}
      size="lg"
      role="alertdialog"
      title={t("downgrade.title")}
      description={t("downgrade.description")}
    >
      <CloseButton onClick={close} disabled={isProcessing} />
      <div className="downgrade-compare">
        {currentPlan ? <PlanSummary plan={currentPlan} label={t("downgrade.currentPlan")} /> : null}
        <span className="downgrade-arrow" aria-hidden="true">
          <ArrowIcon />
        </span>
        {targetPlan ? <PlanSummary plan={targetPlan} label={t("downgrade.newPlan")} tone="accent" /> : null}
      </div>

      <div className="downgrade-boxes">
        <section className="info-box info-box-success" aria-labelledby="downgrade-benefits">
          <h3 id="downgrade-benefits" className="info-box-title">
            {t("downgrade.benefits")}
          </h3>
          {savings ? (
            <p>
              {savings.interval === "monthly" ? (
                <Trans
                  t={t}
                  i18nKey="downgrade.savePerMonth"
                  values={{ amount: formatMoney(savings.money.amount, savings.money.currency) }}
                  components={{ b: <strong /> }}
                />
              ) : (
                <Trans
                  t={t}
                  i18nKey="downgrade.savePerYear"
                  values={{ amount: formatMoney(savings.money.amount, savings.money.currency) }}
                  components={{ b: <strong /> }}
                />
              )}
            </p>
          ) : null}
          <p className="info-box-row">
            <span>{t("downgrade.effectiveDate")}</span>
            <strong data-testid="downgrade-effective-date">{effective || t("downgrade.nextCycle")}</strong>
          </p>
        </section>
        <section className="info-box info-box-warning" aria-labelledby="downgrade-important">
          <h3 id="downgrade-important" className="info-box-title">
            {t("downgrade.important")}
          </h3>
          <ul className="info-box-notes">
            {importantNotes.map((note) => (
              <li key={note}>{t(note)}</li>
            ))}
          </ul>
        </section>
      </div>

      {seatWarning ? (
        <p className="alert alert-error downgrade-error" data-testid="downgrade-seat-warning">
          {seatWarning}
        </p>
      ) : null}

      {state.error ? (
        <p className="alert alert-error downgrade-error" role="alert">
          {state.error}
        </p>
      ) : null}

      <div className="modal-actions">
        <button type="button" className="btn btn-secondary" onClick={close} disabled={isProcessing}>
          {t("downgrade.cancel")}
        </button>
        {/* Both labels share one grid cell, so the button keeps its width when it turns busy. */}
        <button
          type="button"
          className="btn btn-primary btn-swap"
          onClick={confirm}
          disabled={isProcessing}
          aria-busy={isProcessing}
        >
          <span data-hidden={isProcessing || undefined} aria-hidden={isProcessing}>
            {t("downgrade.confirm")}
          </span>
          <span data-hidden={!isProcessing || undefined} aria-hidden={!isProcessing}>
            <span className="spinner" aria-hidden="true" />
            {t("downgrade.processing")}
          </span>
        </button>
      </div>
    </Dialog>
  );
}
