import type { Chatbot, IdentitySecretInfo } from "@parley/contracts";
import { Button } from "@parley/ui/components/Button";
import { ConfirmDialog } from "@parley/ui/components/Dialog";
import { LTR_CODE, Trans, useFormat, useTranslation } from "@parley/ui/i18n/react";
import { type ReactNode, useMemo, useState } from "react";
import { CopyableCode } from "../../../components/CopyableCode";
import { ErrorNotice } from "../../../components/ErrorNotice";
import { HeadedCard } from "../../../components/HeadedCard";
import { publicUrl } from "../../../lib/config";
import { AlertIcon, RefreshIcon } from "../components/icons";
import { TabList, TabPanel } from "../components/Tabs";
import { useToast } from "../components/Toast";
import { useDisableIdentitySecret, useIdentitySecret, useRotateIdentitySecret } from "./api";
import { SECRET_ENV, SERVER_SNIPPETS, type ServerSnippet, SPA_SNIPPET, signedTag } from "./snippets";

/**
 * Identity verification: the bot's identity secret (shown once, rotatable, never readable again)
 * and how a developer signs a customer's id with it.
 */
export function IdentityCard({ bot }: { bot: Chatbot }) {
  const { t } = useTranslation("builder");
  const info = useIdentitySecret(bot._id);
  const rotate = useRotateIdentitySecret(bot._id);
  const disable = useDisableIdentitySecret(bot._id);
  const toast = useToast();
  const [confirm, setConfirm] = useState<"rotate" | "disable" | null>(null);
  // The full secret lives here only, from the answer that made it, until the user is done.
  const shown = rotate.data?.secret ?? null;
  const enabled = info.data?.enabled ?? false;

  const create = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        setConfirm(null);
        toast(enabled ? t("identity.created") : t("identity.on"));
      },
    });

  return (
    <HeadedCard
      kind="builder"
      titleId="identity-title"
      title={t("identity.title")}
      aside={
        <span className={`identity-status${enabled ? " identity-status-on" : ""}`}>
          {enabled ? t("identity.statusOn") : t("identity.statusOff")}
        </span>
      }
    >
      <p className="builder-card-lead">{t("identity.lead")}</p>

      {info.isPending ? <div className="identity-skeleton" aria-busy="true" /> : null}
      <ErrorNotice error={info.error} />

      {shown ? (
        <div className="identity-reveal" role="status">
          <p className="identity-reveal-title">
            <Trans t={t} i18nKey="identity.copyNow" components={{ b: <strong /> }} />
          </p>
          <CopyableCode
            label={t("identity.secret")}
            code={shown}
            copyLabel={t("identity.copySecret")}
            testId="identity-secret"
          />
          <p className="builder-muted builder-small">
            <Trans t={t} i18nKey="identity.storeIt" values={{ env: SECRET_ENV }} components={LTR_CODE} />
          </p>
          <div className="settings-actions settings-actions-start">
            <button type="button" className="btn btn-primary btn-sm" onClick={() => rotate.reset()}>
              {t("identity.stored")}
            </button>
          </div>
        </div>
      ) : null}

      {info.data && !shown ? <SecretSummary info={info.data} /> : null}

      {info.data && !shown ? (
        <div className="settings-actions settings-actions-start">
          {enabled ? (
            <>
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => setConfirm("rotate")}>
                <RefreshIcon size={15} />
                {t("identity.rotate")}
              </button>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirm("disable")}>
                {t("identity.turnOff")}
              </button>
            </>
          ) : (
            <Button variant="primary" size="sm" onClick={create} busy={rotate.isPending}>
              {t("identity.createSecret")}
            </Button>
          )}
        </div>
      ) : null}
      {confirm === null ? <ErrorNotice error={rotate.error} /> : null}

      <Snippets chatbotId={bot._id} />

      <Confirm
        open={confirm === "rotate"}
        onClose={() => setConfirm(null)}
        mutation={rotate}
        icon={<RefreshIcon size={22} />}
        title={t("identity.rotateTitle")}
        description={t("identity.rotateDescription")}
        action={t("identity.rotate")}
        tone="primary"
        onConfirm={create}
      />
      <Confirm
        open={confirm === "disable"}
        onClose={() => setConfirm(null)}
        mutation={disable}
        icon={<AlertIcon size={22} />}
        title={t("identity.offTitle")}
        description={t("identity.offDescription")}
        action={t("identity.turnOff")}
        tone="danger"
        onConfirm={() =>
          disable.mutate(undefined, {
            onSuccess: () => {
              setConfirm(null);
              rotate.reset();
              toast(t("identity.off"));
            },
          })
        }
      />
    </HeadedCard>
  );
}

/** A yes/no question before a change that breaks signed-in customers' sessions. */
function Confirm({
  open,
  onClose,
  mutation,
  icon,
  title,
  description,
  action,
  tone,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  mutation: { isPending: boolean; error: Error | null };
  icon: ReactNode;
  title: string;
  description: string;
  action: string;
  tone: "primary" | "danger";
  onConfirm: () => void;
}) {
  const { t } = useTranslation("builder");
  return (
    <ConfirmDialog
      open={open}
      onCancel={onClose}
      onConfirm={onConfirm}
      busy={mutation.isPending}
      tone={tone}
      icon={icon}
      title={title}
      description={description}
      cancelLabel={t("identity.cancel")}
      confirmLabel={action}
    >
      <ErrorNotice error={mutation.error} />
    </ConfirmDialog>
  );
}

/** What anyone on the account sees of a secret: its last characters, when and by whom. */
function SecretSummary({ info }: { info: IdentitySecretInfo }) {
  const { t } = useTranslation("builder");
  const format = useFormat();
  if (!info.enabled) {
    return <p className="identity-summary builder-muted">{t("identity.offSummary")}</p>;
  }
  return (
    <div className="identity-summary">
      <p>
        <span className="sr-only">{t("identity.endingIn", { hint: info.hint ?? "" })}</span>
        <code className="identity-secret-mask" aria-hidden="true" dir="ltr">
          ••••••••••••{info.hint}
        </code>
        <span className="builder-muted builder-small">
          {info.createdAt ? t("identity.createdAt", { date: format.date(info.createdAt, "dateTime") }) : ""}
          {info.createdBy ? (
            <Trans
              t={t}
              i18nKey="identity.createdBy"
              values={{ name: info.createdBy.name, email: info.createdBy.email }}
              components={{ email: <bdi dir="ltr" /> }}
            />
          ) : (
            ""
          )}
        </span>
      </p>
      <p className="builder-muted builder-small">{t("identity.cannotShow")}</p>
      {info.usable ? null : (
        <div className="embed-note" role="alert">
          <AlertIcon size={16} />
          <p>
            <Trans t={t} i18nKey="identity.unusable" components={{ b: <strong /> }} />
          </p>
        </div>
      )}
    </div>
  );
}

type SnippetTab = ServerSnippet["id"] | "page";

function Snippets({ chatbotId }: { chatbotId: string }) {
  const { t } = useTranslation("builder");
  const [tab, setTab] = useState<SnippetTab>("node");
  const tabs = useMemo(
    () => [
      ...SERVER_SNIPPETS.map((s: ServerSnippet) => ({ id: s.id as SnippetTab, label: s.label })),
      { id: "page" as const, label: t("identity.yourPage") },
    ],
    [t],
  );
  return (
    <div className="identity-snippets">
      <h3 className="identity-snippets-title">{t("identity.signTitle")}</h3>
      <TabList
        idPrefix="identity"
        label={t("identity.language")}
        tabs={tabs}
        selected={tab}
        onSelect={setTab}
        className="tabs tabs-pills identity-tabs"
      />
      {SERVER_SNIPPETS.map((s) => (
        <TabPanel key={s.id} idPrefix="identity" id={s.id} active={tab === s.id} className="identity-panel">
          <Code label={s.label} code={s.code} />
        </TabPanel>
      ))}
      <TabPanel idPrefix="identity" id="page" active={tab === "page"} className="identity-panel">
        <p className="builder-muted builder-small">{t("identity.serverRendered")}</p>
        {/* i18n-ignore: the name of a code language, the same in every language */}
        <Code label="HTML" code={signedTag(publicUrl, chatbotId)} />
        <p className="builder-muted builder-small">{t("identity.spa")}</p>
        {/* i18n-ignore: the name of a code language, the same in every language */}
        <Code label="JavaScript" code={SPA_SNIPPET} />
      </TabPanel>
    </div>
  );
}

function Code({ label, code }: { label: string; code: string }) {
  const { t } = useTranslation("builder");
  return <CopyableCode label={label} code={code} copyLabel={t("identity.copy")} multiline />;
}
