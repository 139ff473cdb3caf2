import type { BillingInterval } from "@parley/contracts";
import { useEffect, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useDocumentTitle } from "../../../components/use-document-title";
import { ACCESS_TOKEN_COOKIE, readCookie } from "../../session/access-token-cookie";
import { usePlans } from "../api";
import { BillingIntervalToggle } from "../components/BillingIntervalToggle";
import { PlanCard, PlanCardSkeleton } from "../components/PlanCard";
import { plansForInterval } from "../pricing";

const SKELETON_CARDS = ["free", "starter", "pro", "business"];

export function PricingPage() {
  useDocumentTitle("Pricing");
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
  const visible = useMemo(() => plansForInterval(plans.data ?? [], interval), [plans.data, interval]);

  return (
    <>
      <section className="page-hero page-hero-center">
        <div className="container container-narrow">
          <p className="eyebrow">Pricing</p>
          <h1>Simple plans that grow with your conversations</h1>
          <p className="lead">
            Start free with one chatbot. Upgrade when your customers are talking. All prices are in Bahraini
            dinar, payable with BENEFIT or card.
          </p>
          <BillingIntervalToggle value={interval} onChange={setInterval} />
        </div>
      </section>

      <section className="section section-tight" aria-label="Plans">
        <div className="container">
          {plans.isPending ? (
            <>
              <span className="sr-only" role="status">
                Loading plans
              </span>
              <div className="plan-grid" aria-busy="true">
                {SKELETON_CARDS.map((key) => (
                  <PlanCardSkeleton key={key} />
                ))}
              </div>
            </>
          ) : plans.isError ? (
            <div className="state-panel state-panel-error" role="alert">
              <h2>We couldn't load our plans</h2>
              <p>{plans.error.message}</p>
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => void plans.refetch()}
                disabled={plans.isFetching}
              >
                {plans.isFetching ? <span className="spinner" aria-hidden="true" /> : null}
                Try again
              </button>
            </div>
          ) : visible.length === 0 ? (
            <div className="state-panel">
              <h2>No plans are available right now</h2>
              <p>
                We're updating our plans. Please check back shortly, or <Link to="/contact">contact us</Link>{" "}
                and we'll help you choose.
              </p>
            </div>
          ) : (
            <div className="plan-grid">
              {visible.map((plan) => (
                <PlanCard key={plan._id} plan={plan} signedIn={signedIn} />
              ))}
            </div>
          )}

          <p className="policy-note">
            Upgrades start a new billing period the moment your payment is captured. Downgrades take effect at
            the end of your current period.
          </p>
        </div>
      </section>

      <section className="section section-muted">
        <div className="container pricing-extras">
          <div>
            <h2>Questions about billing?</h2>
            <p>
              Yearly plans cost ten months' price for twelve months of service. You can switch plans at any
              time from your dashboard, and a scheduled downgrade can be cancelled before it takes effect.
            </p>
          </div>
          <div className="pricing-extras-actions">
            <Link className="btn btn-secondary" to="/faq">
              Read the FAQ
            </Link>
            <Link className="btn btn-primary" to="/contact?topic=sales">
              Talk to sales
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
