import type { BillingInterval } from "@parley/contracts";
import { Button } from "@parley/ui/components/Button";
import { Trans, useErrorText, useTranslation } from "@parley/ui/i18n/react";
import { useEffect, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { ActionLinks, PageHero } from "../../../components/SitePageParts";
import { useDocumentTitle } from "../../../components/use-document-title";
import { ACCESS_TOKEN_COOKIE, readCookie } from "../../session/public";
import { plansFailure, plansRetrying, usePlans } from "../api";
import { BillingIntervalToggle } from "../components/BillingIntervalToggle";
import { PlanCard, PlanCardSkeleton } from "../components/PlanCard";
import { plansForInterval } from "../pricing";

const SKELETON_CARDS = ["free", "starter", "pro", "business"];

export function PricingPage() {
  const { t } = useTranslation("site");
  const errorText = useErrorText();
  useDocumentTitle(t("titles.pricing"));
  const [searchParams, setSearchParams] = useSearchParams();
  // The interval lives in the URL so "/pricing?interval=yearly" can be shared. Local state mirrors
  // it because router updates run as transitions: the radio must flip on the click itself.
  const fromUrl: BillingInterval = searchParams.get("interval") === "yearly" ? "yearly" : "monthly";
  const [interval, setIntervalState] = useState<BillingInterval>(fromUrl);
  useEffect(() => setIntervalState(fromUrl), [fromUrl]);
  const setInterval = (next: BillingInterval) => {
    setIntervalState(next);
    setSearchParams(
      (params) => {
        if (next === "yearly") params.set("interval", "yearly");
        else params.delete("interval");
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  // Spec §6: a visitor with an access token is signed in. This public page loads no session, so it
  // reads the cookie; the billing page behind the guard checks properly (and sends a stale cookie to
  // sign in, coming back to the same plan afterwards).
  const [signedIn] = useState(() => readCookie(document.cookie, ACCESS_TOKEN_COOKIE) !== null);

  const plans = usePlans();
  const failure = plansFailure(plans);
  const visible = useMemo(() => plansForInterval(plans.data ?? [], interval), [plans.data, interval]);

  return (
    <>
      <PageHero center eyebrow={t("pricing.eyebrow")} title={t("pricing.title")} lead={t("pricing.lead")}>
        <BillingIntervalToggle value={interval} onChange={setInterval} />
      </PageHero>

      <section className="section section-tight" aria-label={t("pricing.plansLabel")}>
        <div className="container">
          {failure !== null ? (
            <div className="state-panel state-panel-error" role="alert">
              <h2>{t("pricing.loadFailed")}</h2>
              <p>{errorText(failure)}</p>
              <Button variant="primary" onClick={() => void plans.refetch()} busy={plansRetrying(plans)}>
                {t("pricing.retry")}
              </Button>
            </div>
          ) : plans.isPending ? (
            <>
              <span className="sr-only" role="status">
                {t("pricing.loading")}
              </span>
              <div className="plan-grid" aria-busy="true">
                {SKELETON_CARDS.map((key) => (
                  <PlanCardSkeleton key={key} />
                ))}
              </div>
            </>
          ) : visible.length === 0 ? (
            <div className="state-panel">
              <h2>{t("pricing.emptyTitle")}</h2>
              <p>
                <Trans i18nKey="pricing.emptyBody" ns="site" components={{ a: <Link to="/contact" /> }} />
              </p>
            </div>
          ) : (
            <div className="plan-grid">
              {visible.map((plan) => (
                <PlanCard key={plan._id} plan={plan} signedIn={signedIn} />
              ))}
            </div>
          )}

          <p className="policy-note">{t("pricing.policy")}</p>
        </div>
      </section>

      <section className="section section-muted">
        <div className="container pricing-extras">
          <div>
            <h2>{t("pricing.extrasTitle")}</h2>
            <p>{t("pricing.extrasBody")}</p>
          </div>
          <ActionLinks
            className="pricing-extras-actions"
            links={[
              { label: t("pricing.readFaq"), variant: "secondary", to: "/faq" },
              { label: t("pricing.talkToSales"), variant: "primary", to: "/contact?topic=sales" },
            ]}
          />
        </div>
      </section>
    </>
  );
}
