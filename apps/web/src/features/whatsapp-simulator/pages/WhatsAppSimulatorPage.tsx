import { Logo } from "@parley/ui/components/Logo";
import { LanguageSwitch, Ltr, useTranslation } from "@parley/ui/i18n/react";
import { type ReactNode, useId, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useDocumentTitle } from "../../../components/use-document-title";
import {
  type InboundInput,
  isStandInError,
  type StandInNumber,
  useMarkRead,
  useSendInbound,
  useStandInChat,
  useStandInNumbers,
} from "../api";
import { ChatThread } from "../components/ChatThread";
import { Composer } from "../components/Composer";
import { FaultsPanel } from "../components/FaultsPanel";
import {
  DEFAULT_CUSTOMER_PHONE,
  type DeliveryOutcome,
  deliveryOutcome,
  type PhoneProblem,
  phoneDigits,
  phoneProblem,
} from "../simulator";
import "../styles/whatsapp-simulator.css";
import { SimulatorField } from "../components/SimulatorField";

/** Keeps a phone number left to right inside an <option> (which cannot hold markup) in Arabic. */
const isolateLtr = (text: string) => `\u2066${text}\u2069`;

const PHONE_PROBLEM_KEYS = {
  empty: "simulator.identity.phoneEmpty",
  notDigits: "simulator.identity.phoneNotDigits",
  length: "simulator.identity.phoneLength",
} as const satisfies Record<PhoneProblem, string>;

/**
 * `/dev/whatsapp`: a developer or a business owner trying Parley plays a WhatsApp customer against
 * a test number of the API's Graph API stand-in (outside production only), without Meta.
 * `?number=<phoneNumberId>` picks the number.
 */
export function WhatsAppSimulatorPage() {
  const { t } = useTranslation("developers");
  useDocumentTitle(t("simulator.title"));
  const numbers = useStandInNumbers();

  let body: ReactNode;
  if (numbers.isPending) {
    body = (
      <div className="wa-state" role="status" aria-live="polite">
        <span className="spinner spinner-lg" aria-hidden="true" />
        <p>{t("simulator.loading")}</p>
      </div>
    );
  } else if (numbers.isError) {
    const unavailable = isStandInError(numbers.error) && numbers.error.kind === "unavailable";
    body = unavailable ? (
      <div className="state-panel wa-state-panel">
        <h2>{t("simulator.unavailable.title")}</h2>
        <p>{t("simulator.unavailable.body")}</p>
        <Link className="btn btn-secondary" to="/">
          {t("simulator.unavailable.home")}
        </Link>
      </div>
    ) : (
      <div className="state-panel state-panel-error wa-state-panel" role="alert">
        <h2>{t("simulator.probeFailed.title")}</h2>
        <p>{t("simulator.probeFailed.body")}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void numbers.refetch()}>
          {t("simulator.probeFailed.retry")}
        </button>
      </div>
    );
  } else if (numbers.data.length === 0) {
    body = (
      <div className="state-panel wa-state-panel">
        <h2>{t("simulator.numbers.emptyTitle")}</h2>
        <p>{t("simulator.numbers.emptyBody")}</p>
        <p className="wa-muted">{t("simulator.numbers.emptyNote")}</p>
        <div className="wa-state-actions">
          <Link className="btn btn-primary" to="/dashboard">
            {t("simulator.numbers.emptyLink")}
          </Link>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={numbers.isFetching}
            onClick={() => void numbers.refetch()}
          >
            {t("simulator.numbers.refresh")}
          </button>
        </div>
      </div>
    );
  } else {
    body = <Simulator numbers={numbers.data} />;
  }

  return (
    <div className="wa-sim">
      <header className="wa-sim-top">
        <div className="wa-sim-top-inner">
          <Link to="/" className="wa-sim-logo" aria-label={t("simulator.homeLabel")}>
            <Logo />
          </Link>
          <span className="badge wa-sim-badge">{t("simulator.testMode")}</span>
          <LanguageSwitch />
        </div>
      </header>
      <main id="main" className="wa-sim-main" tabIndex={-1}>
        <div className="wa-sim-intro">
          <h1>{t("simulator.title")}</h1>
          <p>{t("simulator.lead")}</p>
        </div>
        {body}
      </main>
    </div>
  );
}

/** The number, the customer, and the phone, once the stand-in answered with test numbers. */
function Simulator({ numbers }: { numbers: StandInNumber[] }) {
  const { t } = useTranslation("developers");
  const id = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("number");
  // The newest number by default (the stand-in lists them oldest first).
  const number = requested ? numbers.find((n) => n.phoneNumberId === requested) : numbers.at(-1);
  const numberId = number?.phoneNumberId;

  const [phone, setPhone] = useState(DEFAULT_CUSTOMER_PHONE);
  const [name, setName] = useState<string>(() => t("simulator.identity.defaultName"));
  const problem = phoneProblem(phone);
  const contact = problem ? undefined : phoneDigits(phone);

  const chat = useStandInChat(numberId, contact);
  const send = useSendInbound(numberId);
  const markRead = useMarkRead(numberId);
  const subscribed = chat.data?.subscribed ?? number?.subscribed ?? false;

  const [outcomes, setOutcomes] = useState<Record<string, DeliveryOutcome>>({});
  const [lastOutcome, setLastOutcome] = useState<DeliveryOutcome | null>(null);
  const [followToken, setFollowToken] = useState(0);

  const chooseNumber = (next: string) => {
    setLastOutcome(null);
    send.reset();
    markRead.reset();
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        params.set("number", next);
        return params;
      },
      { replace: true },
    );
  };

  async function deliver(input: Omit<InboundInput, "from" | "name">): Promise<boolean> {
    if (!contact || !numberId) return false;
    setFollowToken((n) => n + 1);
    markRead.reset();
    try {
      const result = await send.mutateAsync({
        ...input,
        from: contact,
        name: name.trim() || t("simulator.identity.defaultName"),
      });
      const outcome = deliveryOutcome(result.delivered, subscribed);
      if (outcome.kind !== "delivered") setOutcomes((prev) => ({ ...prev, [result.id]: outcome }));
      setLastOutcome(outcome);
      return true;
    } catch {
      setLastOutcome(null);
      return false;
    }
  }

  const chatGone = isStandInError(chat.error) && chat.error.kind === "http" && chat.error.status === 404;
  const items = chat.data?.items ?? [];
  const placeholder = !number ? (
    <p className="wa-thread-note">{t("simulator.chat.noNumber")}</p>
  ) : !contact ? (
    <p className="wa-thread-note">{t("simulator.chat.invalidPhone")}</p>
  ) : chatGone ? (
    <p className="wa-thread-note wa-thread-note-error" role="alert">
      {t("simulator.chat.numberGone")}
    </p>
  ) : chat.isPending ? (
    <p className="wa-thread-note" role="status">
      <span className="spinner" aria-hidden="true" /> {t("simulator.chat.loading")}
    </p>
  ) : chat.isError && !chat.data ? (
    <div className="wa-thread-note wa-thread-note-error" role="alert">
      <p>{t("simulator.chat.failed")}</p>
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => void chat.refetch()}>
        {t("simulator.chat.retry")}
      </button>
    </div>
  ) : items.length === 0 ? (
    <p className="wa-thread-note">{t("simulator.chat.empty")}</p>
  ) : undefined;

  const canWrite = Boolean(number && contact && !chatGone);
  const failedDeliveries = chat.data?.failedDeliveries ?? 0;

  return (
    <div className="wa-layout">
      <section className="wa-setup" aria-labelledby={`${id}-setup`}>
        <h2 id={`${id}-setup`} className="sr-only">
          {t("simulator.numbers.label")}
        </h2>
        <div className="field">
          <label htmlFor={`${id}-number`} className="field-label">
            {t("simulator.numbers.label")}
          </label>
          <select
            id={`${id}-number`}
            value={numberId ?? ""}
            onChange={(event) => chooseNumber(event.target.value)}
          >
            {number ? null : <option value="">—</option>}
            {numbers.map((n) => (
              <option key={n.phoneNumberId} value={n.phoneNumberId}>
                {t(n.revoked ? "simulator.numbers.optionRevoked" : "simulator.numbers.option", {
                  name: n.verifiedName,
                  phone: isolateLtr(n.displayPhoneNumber),
                })}
              </option>
            ))}
          </select>
        </div>
        {!number ? (
          <p className="alert alert-error" role="alert">
            {t("simulator.numbers.notFound", { id: isolateLtr(requested ?? "") })}
          </p>
        ) : number.revoked ? (
          <p className="alert alert-error">{t("simulator.numbers.revoked")}</p>
        ) : subscribed ? (
          <p className="wa-ok">
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              <path
                d="M3 8.5l3 3 7-7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            {t("simulator.numbers.subscribed")}
          </p>
        ) : (
          <p className="alert wa-warning">{t("simulator.numbers.notSubscribed")}</p>
        )}

        <fieldset className="wa-identity">
          <legend>{t("simulator.identity.title")}</legend>
          <SimulatorField
            id={`${id}-phone`}
            label={t("simulator.identity.phone")}
            hint={t("simulator.identity.phoneHint")}
            error={problem ? t(PHONE_PROBLEM_KEYS[problem]) : undefined}
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
            maxLength={32}
            value={phone}
            onValueChange={(value) => {
              setPhone(value);
              setLastOutcome(null);
            }}
          />
          <SimulatorField
            id={`${id}-name`}
            label={t("simulator.identity.name")}
            type="text"
            dir="auto"
            autoComplete="off"
            maxLength={100}
            value={name}
            onValueChange={setName}
          />
        </fieldset>

        {number ? <FaultsPanel key={number.phoneNumberId} numberId={number.phoneNumberId} /> : null}
      </section>

      <section
        className="wa-phone"
        aria-label={t("simulator.chat.phoneLabel", { name: number?.verifiedName ?? "" })}
      >
        <div className="wa-phone-head">
          <span className="wa-avatar" aria-hidden="true">
            {(number?.verifiedName ?? "?").trim().charAt(0).toUpperCase()}
          </span>
          <span className="wa-phone-who">
            <span className="wa-phone-name" dir="auto">
              {number?.verifiedName ?? "—"}
            </span>
            {number ? <Ltr className="wa-phone-number">{number.displayPhoneNumber}</Ltr> : null}
          </span>
        </div>
        <ChatThread
          items={items}
          businessName={number?.verifiedName ?? ""}
          outcomes={outcomes}
          placeholder={placeholder}
          followToken={followToken}
          buttonsDisabled={!canWrite || send.isPending}
          onButton={(message, button) =>
            void deliver({
              type: "button_reply",
              text: button.title,
              buttonId: button.id,
              context: message.id,
            })
          }
        />
        <div className="wa-phone-foot">
          {lastOutcome && lastOutcome.kind !== "delivered" ? (
            <p className="wa-foot-alert" role="alert">
              {lastOutcome.kind === "refused"
                ? t("simulator.delivery.refused", { status: lastOutcome.status })
                : lastOutcome.kind === "notSubscribed"
                  ? t("simulator.delivery.notSubscribed")
                  : t("simulator.delivery.unreachable")}
            </p>
          ) : null}
          {send.isError ? (
            <p className="wa-foot-alert" role="alert">
              {isStandInError(send.error) && send.error.status === 404
                ? t("simulator.chat.numberGone")
                : t("simulator.composer.failed")}
            </p>
          ) : null}
          <Composer
            disabled={!canWrite}
            sending={send.isPending}
            onSend={(type, text) => deliver({ type, text })}
          />
          <div className="wa-phone-actions">
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={!canWrite || markRead.isPending}
              onClick={() => contact && markRead.mutate(contact)}
            >
              <svg viewBox="0 0 18 12" width="18" height="12" aria-hidden="true" focusable="false">
                <g
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.6"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  <path d="M1 6.2l2.8 2.8 6-6.5" />
                  <path d="M7.4 8.4l.6.6 6-6.5" />
                </g>
              </svg>
              {markRead.isPending ? t("simulator.composer.marking") : t("simulator.composer.markRead")}
            </button>
            <p className="wa-status-line" role="status" aria-live="polite">
              {markRead.isSuccess
                ? markRead.data.read > 0
                  ? t("simulator.composer.markedRead", { count: markRead.data.read })
                  : t("simulator.composer.nothingToRead")
                : markRead.isError
                  ? t("simulator.composer.markFailed")
                  : null}
            </p>
          </div>
          {failedDeliveries > 0 ? (
            <p className="wa-muted wa-failed-deliveries">
              {t("simulator.chat.failedDeliveries", { count: failedDeliveries })}
            </p>
          ) : null}
        </div>
      </section>
    </div>
  );
}
