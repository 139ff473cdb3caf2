import type { Channel, Chatbot } from "@parley/contracts";
import { ConfirmDialog } from "@parley/ui/components/Dialog";
import { PasswordField, TextField } from "@parley/ui/components/Field";
import { formatSince } from "@parley/ui/i18n/format";
import {
  LTR_CODE,
  Trans,
  useFormat,
  useLanguage,
  useServerText,
  useTranslation,
} from "@parley/ui/i18n/react";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { ErrorNotice } from "../../../components/ErrorNotice";
import { isApiError } from "../../../lib/api";
import { AlertIcon, CheckIcon, ExternalIcon } from "../components/icons";
import { BuilderSection } from "../components/settings/fields";
import { useToast } from "../components/Toast";
import {
  SIMULATOR_PATH,
  type StandInCreated,
  type StandInNumber,
  useChannels,
  useConnectWhatsapp,
  useCreateStandInNumber,
  useDisconnectChannel,
  useStandInNumbers,
  useStandInSubscribe,
} from "./api";
import {
  attentionOf,
  CONNECT_FIELDS,
  CONNECT_MAX,
  type ConnectField,
  type ConnectProblems,
  type ConnectValues,
  checkConnect,
  cleanConnect,
  connectFailureOf,
  EMPTY_CONNECT,
  type FieldProblem,
  firstProblem,
  qualityOf,
  serverProblems,
} from "./whatsapp";

/** Meta's guide to the Cloud API: creating the app, adding a number, a system user's token. */
const META_GUIDE_URL = "https://developers.facebook.com/docs/whatsapp/cloud-api/get-started";

/** Text that reads left to right (a phone number) inside a sentence of either direction. */
const ltr = (text: string) => `\u2066${text}\u2069`;
/** A value in its own direction (a date in Arabic after "Meta:"), apart from the words around it. */
const isolate = (text: string) => `\u2068${text}\u2069`;
/** Someone else's words (Meta's, the simulator's), left to right in quotes, apart from ours. */
const quoted = <bdi dir="ltr" className="whatsapp-quoted" />;
/** A label of Meta's own pages (WhatsApp → API Setup), as Meta writes it: left to right. */
const metaUi = <bdi dir="ltr" />;

/** After "Reconnect with a new token": the disconnected number, whose ids the form starts with. */
interface Reconnect {
  number: string;
  ids: Pick<ConnectValues, "phoneNumberId" | "businessAccountId">;
}

/**
 * WhatsApp in a chatbot's Settings tab, for owners and admins (`channels:manage`): connect a
 * WhatsApp Business number with the four values from Meta's app, then point Meta's webhook here;
 * see the number's state (quality, a refused token) and disconnect it. Outside production, the
 * API's stand-in of Meta's Graph API offers a test number and plays Meta's webhook check.
 */
export function WhatsappCard({ bot }: { bot: Chatbot }) {
  const { t } = useTranslation("builder");
  const channels = useChannels(bot._id);
  const standIn = useStandInNumbers();
  const simulator = standIn.data ?? null;
  const [reconnect, setReconnect] = useState<Reconnect | null>(null);
  const list = channels.data;

  return (
    <BuilderSection className="whatsapp-card" title={t("whatsapp.title")} description={<Intro />}>
      {list ? (
        list.length === 0 ? (
          <ConnectForm
            key={reconnect?.ids.phoneNumberId ?? "new"}
            chatbotId={bot._id}
            reconnect={reconnect}
            simulator={simulator}
            onConnected={() => setReconnect(null)}
          />
        ) : (
          list.map((channel) => (
            <ConnectedChannel
              key={channel._id}
              chatbotId={bot._id}
              channel={channel}
              simulator={simulator}
              onReconnect={setReconnect}
            />
          ))
        )
      ) : channels.isError && !channels.isFetching ? (
        <ErrorNotice error={channels.error} onRetry={() => void channels.refetch()} />
      ) : (
        <div className="whatsapp-skeleton" role="status" aria-busy="true">
          <span className="sr-only">{t("whatsapp.loading")}</span>
          <span className="skeleton whatsapp-skeleton-line" />
          <span className="skeleton whatsapp-skeleton-line whatsapp-skeleton-short" />
          <span className="skeleton whatsapp-skeleton-block" />
        </div>
      )}
    </BuilderSection>
  );
}

function Intro() {
  const { t } = useTranslation("builder");
  return (
    <div className="whatsapp-intro">
      <p>{t("whatsapp.lead")}</p>
      <p>
        <Trans t={t} i18nKey="whatsapp.needs" components={{ ui: metaUi }} />{" "}
        <a href={META_GUIDE_URL} target="_blank" rel="noopener noreferrer" className="whatsapp-external">
          {t("whatsapp.guide")}
          <ExternalIcon size={13} />
        </a>
      </p>
    </div>
  );
}

// ----- Not connected: the four values from Meta's app ---------------------------------------

const FIELD_ORDER: { field: ConnectField; secret: boolean }[] = [
  { field: "phoneNumberId", secret: false },
  { field: "businessAccountId", secret: false },
  { field: "accessToken", secret: true },
  { field: "appSecret", secret: true },
];

function useProblemText() {
  const { t } = useTranslation("builder");
  return (field: ConnectField, problem: FieldProblem): string => {
    const id = field === "phoneNumberId" || field === "businessAccountId";
    switch (problem) {
      case "required":
        return t(`whatsapp.problems.${field}Required`);
      case "digits":
        return t("whatsapp.problems.digits");
      case "tooLong":
        return id
          ? t("whatsapp.problems.idTooLong", { max: CONNECT_MAX[field] })
          : t("whatsapp.problems.secretTooLong", { max: CONNECT_MAX[field] });
      case "characters":
        return t("whatsapp.problems.characters");
      case "sameIds":
        return t("whatsapp.problems.sameIds");
    }
  };
}

function ConnectForm({
  chatbotId,
  reconnect,
  simulator,
  onConnected,
}: {
  chatbotId: string;
  reconnect: Reconnect | null;
  simulator: StandInNumber[] | null;
  onConnected: () => void;
}) {
  const { t } = useTranslation("builder");
  const serverText = useServerText();
  const problemText = useProblemText();
  const toast = useToast();
  const connect = useConnectWhatsapp(chatbotId);
  const idPrefix = useId();
  const [values, setValues] = useState<ConnectValues>(() => ({ ...EMPTY_CONNECT, ...reconnect?.ids }));
  const [problems, setProblems] = useState<ConnectProblems>({});
  /** The API's words on a field that we have no wording of our own for. */
  const [serverSaid, setServerSaid] = useState<Partial<Record<ConnectField, string>>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [testNumber, setTestNumber] = useState<StandInCreated | null>(null);
  const inputs = useRef<Partial<Record<ConnectField, HTMLInputElement | null>>>({});

  // Back from "Reconnect with a new token": the ids are in, the new token is what's missing.
  useEffect(() => {
    if (reconnect) inputs.current.accessToken?.focus();
  }, [reconnect]);

  const change = (field: ConnectField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setProblems(({ [field]: _gone, ...rest }) => rest);
    setServerSaid(({ [field]: _gone, ...rest }) => rest);
  };

  const fill = (number: StandInCreated) => {
    setValues({
      phoneNumberId: number.phoneNumberId,
      businessAccountId: number.businessAccountId,
      accessToken: number.accessToken,
      appSecret: number.appSecret,
    });
    setProblems({});
    setServerSaid({});
    setFailure(null);
    setTestNumber(number);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (connect.isPending) return;
    setFailure(null);
    setServerSaid({});
    const cleaned = cleanConnect(values);
    const found = checkConnect(cleaned);
    setProblems(found);
    const first = firstProblem(found);
    if (first) {
      inputs.current[first]?.focus();
      return;
    }
    connect.mutate(cleaned, {
      onSuccess: (channel) => {
        // The secrets leave with the form; the API never sends them back.
        setValues(EMPTY_CONNECT);
        toast(t("whatsapp.connected", { number: ltr(channel.displayPhoneNumber) }));
        onConnected();
      },
      onError: (error) => {
        if (isApiError(error) && error.code === "VALIDATION_FAILED" && error.details?.length) {
          const { problems: onFields, unplaced } = serverProblems(error.details);
          const said: Partial<Record<ConnectField, string>> = {};
          for (const { field, message } of unplaced) if (field) said[field] ??= message;
          const first = CONNECT_FIELDS.find((field) => onFields[field] || said[field]);
          if (first) {
            setProblems(onFields);
            setServerSaid(said);
            inputs.current[first]?.focus();
            // Everything is beside its field: nothing more to say above the button.
            if (unplaced.every((u) => u.field)) return;
          }
        }
        setFailure(error);
      },
    });
  };

  const errorOf = (field: ConnectField): string | undefined => {
    const problem = problems[field];
    if (problem) return problemText(field, problem);
    const said = serverSaid[field];
    return said ? serverText(said) : undefined;
  };

  return (
    <div className="whatsapp-connect">
      {reconnect ? (
        <div className="alert alert-info" role="status">
          {t("whatsapp.disconnect.reconnectNow", { number: ltr(reconnect.number) })}
        </div>
      ) : null}

      {simulator ? (
        <SimulatorBox>
          <div className="whatsapp-dev-actions">
            <TestNumberButton onCreated={fill} />
          </div>
          {testNumber ? (
            <p className="whatsapp-dev-ok" role="status">
              <CheckIcon size={16} />
              <span>
                {t("whatsapp.dev.filled", {
                  number: ltr(testNumber.displayPhoneNumber),
                  name: testNumber.verifiedName,
                })}
              </span>
            </p>
          ) : null}
        </SimulatorBox>
      ) : null}

      <form className="form whatsapp-form" onSubmit={submit} noValidate aria-busy={connect.isPending}>
        <fieldset className="whatsapp-fieldset" disabled={connect.isPending}>
          {FIELD_ORDER.map(({ field, secret }) => {
            const Input = secret ? PasswordField : TextField;
            return (
              <Input
                key={field}
                ref={(el: HTMLInputElement | null) => {
                  inputs.current[field] = el;
                }}
                id={`${idPrefix}-${field}`}
                label={t(`whatsapp.fields.${field}`)}
                hint={<Trans t={t} i18nKey={`whatsapp.fields.${field}Hint`} components={{ ui: metaUi }} />}
                value={values[field]}
                onValueChange={change(field)}
                error={errorOf(field)}
                required
                dir="ltr"
                inputMode={secret ? undefined : "numeric"}
                autoComplete="off"
                spellCheck={false}
                // Password managers: nothing of the account's own to fill in or offer to save here.
                data-1p-ignore
                data-lpignore="true"
                data-bwignore
              />
            );
          })}
        </fieldset>

        <ConnectFailureNotice error={failure} />

        <p className="builder-muted builder-small">{t("whatsapp.secretsNote")}</p>
        <div className="settings-actions settings-actions-start">
          <button type="submit" className="btn btn-primary" disabled={connect.isPending}>
            {connect.isPending ? <span className="spinner" aria-hidden="true" /> : null}
            {connect.isPending ? t("whatsapp.connecting") : t("whatsapp.connect")}
          </button>
        </div>
      </form>
    </div>
  );
}

/** A refused connection in the reader's language, with Meta's own words beside it as Meta said them. */
export function ConnectFailureNotice({ error }: { error: unknown }) {
  const { t } = useTranslation("builder");
  if (!error) return null;
  const api = isApiError(error) ? error : null;
  const failure = connectFailureOf(api);
  if (!api || !failure) return <ErrorNotice error={error} />;
  const said = "said" in failure ? failure.said : null;
  const metaCode = "metaCode" in failure ? failure.metaCode : null;
  return (
    <div className="alert alert-error builder-error" role="alert">
      <p>
        {t(`whatsapp.failures.${failure.kind}`)}{" "}
        {failure.kind === "plan" ? (
          <Link to="/billing" className="builder-error-link">
            {t("errors.comparePlans")}
          </Link>
        ) : null}
      </p>
      {said ? (
        <MetaSaid said={said} metaCode={metaCode} />
      ) : metaCode ? (
        <p className="whatsapp-said">{t("whatsapp.failures.errorCode", { code: metaCode })}</p>
      ) : null}
      {/* As ErrorNotice: a reference only for a request that broke on our side (Meta unreachable). */}
      {api.requestId && api.status >= 500 ? (
        <span className="alert-meta">{t("errors.reference", { id: api.requestId })}</span>
      ) : null}
    </div>
  );
}

// ----- Connected: the number, its state, the webhook ----------------------------------------

function ConnectedChannel({
  chatbotId,
  channel,
  simulator,
  onReconnect,
}: {
  chatbotId: string;
  channel: Channel;
  simulator: StandInNumber[] | null;
  onReconnect: (reconnect: Reconnect) => void;
}) {
  const { t } = useTranslation("builder");
  const format = useFormat();
  const toast = useToast();
  const disconnect = useDisconnectChannel(chatbotId);
  const [confirm, setConfirm] = useState<"disconnect" | "reconnect" | null>(null);
  const quality = qualityOf(channel.qualityRating);
  const attention = channel.status === "needs_attention";
  const headingId = useId();

  const close = () => {
    if (disconnect.isPending) return;
    setConfirm(null);
    disconnect.reset();
  };

  const confirmed = async () => {
    const reconnecting = confirm === "reconnect";
    try {
      // Awaited rather than a mutate() callback: the card leaves as soon as the list drops it.
      await disconnect.mutateAsync(channel._id);
    } catch {
      return; // Shown in the dialog.
    }
    setConfirm(null);
    if (reconnecting)
      onReconnect({
        number: channel.displayPhoneNumber,
        ids: { phoneNumberId: channel.phoneNumberId, businessAccountId: channel.businessAccountId },
      });
    else toast(t("whatsapp.disconnect.done"));
  };

  return (
    <article className="whatsapp-channel" aria-labelledby={headingId}>
      <div className="whatsapp-channel-head">
        <div className="whatsapp-identity">
          <h3 id={headingId} className="whatsapp-number">
            <bdi dir="ltr">{channel.displayPhoneNumber}</bdi>
          </h3>
          <p className="whatsapp-name">{channel.verifiedName}</p>
        </div>
        <span className={`whatsapp-status${attention ? " whatsapp-status-attention" : ""}`}>
          {attention ? <AlertIcon size={14} /> : <CheckIcon size={14} />}
          {attention ? t("whatsapp.status.needsAttention") : t("whatsapp.status.connected")}
        </span>
      </div>

      {attention ? <Attention channel={channel} onReconnect={() => setConfirm("reconnect")} /> : null}

      <dl className="whatsapp-details">
        <div className="whatsapp-details-wide">
          <dt>{t("whatsapp.details.quality")}</dt>
          <dd>
            <span className={`whatsapp-quality whatsapp-quality-${quality}`}>
              {t(`whatsapp.quality.${quality}`)}
            </span>
            <span className="whatsapp-details-hint">{t("whatsapp.details.qualityHint")}</span>
          </dd>
        </div>
        <div>
          <dt>{t("whatsapp.details.phoneNumberId")}</dt>
          <dd>
            <bdi dir="ltr" className="whatsapp-mono">
              {channel.phoneNumberId}
            </bdi>
          </dd>
        </div>
        <div>
          <dt>{t("whatsapp.details.since")}</dt>
          <dd>{format.date(channel.createdAt, "date")}</dd>
        </div>
      </dl>

      <WebhookSetup channel={channel} />

      {simulator ? <SimulatorTools channel={channel} simulator={simulator} /> : null}

      <div className="settings-actions settings-actions-start">
        <button
          type="button"
          className="btn btn-secondary btn-danger-outline btn-sm"
          onClick={() => setConfirm("disconnect")}
        >
          {t("whatsapp.disconnect.button")}
        </button>
      </div>

      <ConfirmDialog
        open={confirm !== null}
        onCancel={close}
        onConfirm={() => void confirmed()}
        busy={disconnect.isPending}
        icon={<AlertIcon size={22} />}
        title={t("whatsapp.disconnect.title", { number: ltr(channel.displayPhoneNumber) })}
        description={
          confirm === "reconnect"
            ? t("whatsapp.disconnect.reconnectDescription")
            : t("whatsapp.disconnect.description")
        }
        cancelLabel={t("whatsapp.disconnect.cancel")}
        confirmLabel={
          confirm === "reconnect"
            ? t("whatsapp.disconnect.confirmReconnect")
            : t("whatsapp.disconnect.confirm")
        }
      >
        <ErrorNotice error={disconnect.error} />
      </ConfirmDialog>
    </article>
  );
}

/** What Meta said, quoted as Meta said it, with its error code when it gave one. */
function MetaSaid({ said, metaCode }: { said: string; metaCode: string | number | null | undefined }) {
  const { t } = useTranslation("builder");
  return (
    <p className="whatsapp-said">
      <Trans
        t={t}
        i18nKey={metaCode ? "whatsapp.failures.saidWithCode" : "whatsapp.failures.said"}
        values={{ said, code: metaCode ?? "" }}
        components={{ q: quoted }}
      />
    </p>
  );
}

/** Meta refused the token: sending stopped; what Meta said, and the way back. */
function Attention({ channel, onReconnect }: { channel: Channel; onReconnect: () => void }) {
  const { t } = useTranslation("builder");
  const { metaCode, said } = attentionOf(channel.statusReason);
  return (
    <div className="whatsapp-attention">
      <AlertIcon size={18} />
      <div className="whatsapp-attention-body">
        <p className="whatsapp-attention-title">{t("whatsapp.attention.title")}</p>
        <p>{t("whatsapp.attention.body")}</p>
        {said ? <MetaSaid said={said} metaCode={metaCode} /> : null}
        <p>{t("whatsapp.attention.fix")}</p>
        <div>
          <button type="button" className="btn btn-primary btn-sm" onClick={onReconnect}>
            {t("whatsapp.attention.reconnect")}
          </button>
        </div>
      </div>
    </div>
  );
}

/** Where Meta must send the number's messages, and how to tell Meta so. */
function WebhookSetup({ channel }: { channel: Channel }) {
  const { t } = useTranslation("builder");
  const format = useFormat();
  const { language } = useLanguage();
  const idPrefix = useId();
  return (
    <section className="whatsapp-webhook" aria-labelledby={`${idPrefix}-title`}>
      <h4 id={`${idPrefix}-title`} className="whatsapp-subtitle">
        {t("whatsapp.webhook.title")}
      </h4>
      <p className="builder-muted builder-small">{t("whatsapp.webhook.lead")}</p>
      <ol className="whatsapp-steps">
        <li>{t("whatsapp.webhook.step1")}</li>
        <li>{t("whatsapp.webhook.step2")}</li>
        <li>
          <Trans t={t} i18nKey="whatsapp.webhook.step3" components={LTR_CODE} />
        </li>
      </ol>
      <CopyField
        id={`${idPrefix}-callback`}
        label={t("whatsapp.webhook.callbackUrl")}
        copyLabel={t("whatsapp.webhook.copyCallbackUrl")}
        value={channel.callbackUrl}
      />
      <CopyField
        id={`${idPrefix}-token`}
        label={t("whatsapp.webhook.verifyToken")}
        copyLabel={t("whatsapp.webhook.copyVerifyToken")}
        value={channel.verifyToken}
      />
      <p className={`whatsapp-last${channel.lastWebhookAt ? " whatsapp-last-seen" : ""}`}>
        {channel.lastWebhookAt
          ? t("whatsapp.webhook.lastMessage", {
              when: isolate(format.date(channel.lastWebhookAt, "dateTime")),
              since: isolate(formatSince(language, channel.lastWebhookAt)),
            })
          : t("whatsapp.webhook.noMessageYet", { number: ltr(channel.displayPhoneNumber) })}
      </p>
    </section>
  );
}

type CopyState = "idle" | "copied" | "failed";

/** A read-only value with a Copy button (the whole value is selected on focus, to copy by hand). */
function CopyField({
  id,
  label,
  copyLabel,
  value,
}: {
  id: string;
  label: string;
  copyLabel: string;
  value: string;
}) {
  const { t } = useTranslation("builder");
  const [state, setState] = useState<CopyState>("idle");
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      if (navigator.clipboard?.writeText) await navigator.clipboard.writeText(value);
      else {
        input.current?.select();
        if (!document.execCommand("copy")) throw new Error("copy refused");
      }
      setState("copied");
    } catch {
      input.current?.select();
      setState("failed");
    }
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setState("idle"), 2500);
  };

  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="whatsapp-copy">
        <input
          ref={input}
          id={id}
          className="input whatsapp-mono"
          type="text"
          readOnly
          dir="ltr"
          value={value}
          spellCheck={false}
          aria-describedby={state === "failed" ? `${id}-failed` : undefined}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="btn btn-secondary btn-sm" aria-label={copyLabel} onClick={copy}>
          {state === "copied" ? <CheckIcon size={15} /> : null}
          {state === "copied" ? t("whatsapp.webhook.copied") : t("whatsapp.webhook.copy")}
        </button>
      </div>
      {state === "failed" ? (
        <p id={`${id}-failed`} className="field-hint">
          {t("whatsapp.webhook.copyFailed")}
        </p>
      ) : null}
      <span className="sr-only" aria-live="polite">
        {state === "copied" ? t("whatsapp.webhook.copiedStatus") : ""}
      </span>
    </div>
  );
}

// ----- Development: the API's stand-in of Meta (absent in production) -----------------------

function SimulatorBox({ children }: { children: ReactNode }) {
  const { t } = useTranslation("builder");
  return (
    <div className="whatsapp-dev">
      <p className="whatsapp-dev-title">{t("whatsapp.dev.title")}</p>
      <p className="builder-muted builder-small">
        <Trans t={t} i18nKey="whatsapp.dev.lead" components={{ ui: metaUi }} />
      </p>
      {children}
    </div>
  );
}

function TestNumberButton({ onCreated }: { onCreated: (number: StandInCreated) => void }) {
  const { t } = useTranslation("builder");
  const create = useCreateStandInNumber();
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={create.isPending}
        onClick={() => create.mutate(undefined, { onSuccess: onCreated })}
      >
        {create.isPending ? <span className="spinner" aria-hidden="true" /> : null}
        {create.isPending ? t("whatsapp.dev.creating") : t("whatsapp.dev.useTestNumber")}
      </button>
      {create.error ? <StandInFailure title={t("whatsapp.dev.createFailed")} error={create.error} /> : null}
    </>
  );
}

function SimulatorTools({ channel, simulator }: { channel: Channel; simulator: StandInNumber[] }) {
  const { t } = useTranslation("builder");
  const subscribe = useStandInSubscribe();
  const known = simulator.find((n) => n.phoneNumberId === channel.phoneNumberId);
  return (
    <SimulatorBox>
      {known ? (
        <>
          <div className="whatsapp-dev-actions">
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={subscribe.isPending}
              onClick={() => subscribe.mutate(channel)}
            >
              {subscribe.isPending ? <span className="spinner" aria-hidden="true" /> : null}
              {subscribe.isPending ? t("whatsapp.dev.verifying") : t("whatsapp.dev.verify")}
            </button>
            <a
              className="btn btn-ghost btn-sm"
              href={SIMULATOR_PATH}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t("whatsapp.dev.open")}
              <ExternalIcon size={13} />
            </a>
          </div>
          {subscribe.isSuccess ? (
            <p className="whatsapp-dev-ok" role="status">
              <CheckIcon size={16} />
              <span>{t("whatsapp.dev.verified")}</span>
            </p>
          ) : known.subscribed && !subscribe.error ? (
            <p className="whatsapp-dev-ok">
              <CheckIcon size={16} />
              <span>{t("whatsapp.dev.subscribed")}</span>
            </p>
          ) : null}
          {subscribe.error ? (
            <StandInFailure title={t("whatsapp.dev.verifyFailed")} error={subscribe.error} />
          ) : null}
        </>
      ) : (
        <p className="builder-small">{t("whatsapp.dev.notSimulated")}</p>
      )}
    </SimulatorBox>
  );
}

/** A failed call to the stand-in: our words, then the stand-in's own (it is a developer's tool). */
function StandInFailure({ title, error }: { title: string; error: unknown }) {
  const { t } = useTranslation("builder");
  const said = isApiError(error) && error.fromServer ? error.message : null;
  return (
    <div className="alert alert-error builder-error" role="alert">
      <p>{title}</p>
      {said ? (
        <p className="whatsapp-said">
          <Trans t={t} i18nKey="whatsapp.dev.standInSaid" values={{ said }} components={{ q: quoted }} />
        </p>
      ) : null}
    </div>
  );
}
