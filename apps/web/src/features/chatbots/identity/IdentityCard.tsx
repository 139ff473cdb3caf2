import type { Chatbot, IdentitySecretInfo } from "@parley/contracts";
import { type ReactNode, useRef, useState } from "react";
import { publicUrl } from "../../../app/config";
import { Modal } from "../../../components/Modal";
import { CopyButton } from "../../widget/components/CopyButton";
import { ErrorNotice } from "../components/ErrorNotice";
import { AlertIcon, RefreshIcon } from "../components/icons";
import { TabList, TabPanel } from "../components/Tabs";
import { useToast } from "../components/Toast";
import { useDisableIdentitySecret, useIdentitySecret, useRotateIdentitySecret } from "./api";
import { SECRET_ENV, SERVER_SNIPPETS, type ServerSnippet, SPA_SNIPPET, signedTag } from "./snippets";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * Identity verification: the bot's identity secret (shown once, rotatable, never readable again)
 * and how a developer signs a customer's id with it.
 */
export function IdentityCard({ bot }: { bot: Chatbot }) {
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
        toast(enabled ? "New identity secret created" : "Identity verification is on");
      },
    });

  return (
    <section className="card builder-card" aria-labelledby="identity-title">
      <div className="builder-card-head">
        <h2 id="identity-title" className="builder-card-title">
          Verify signed-in customers
        </h2>
        <span className={`identity-status${enabled ? " identity-status-on" : ""}`}>
          {enabled ? "On" : "Off"}
        </span>
      </div>
      <p className="builder-card-lead">
        If your customers sign in on your site, the widget can know who they are: they find their
        conversations on any device, you see their name and e-mail in the inbox, and they are never asked for
        their e-mail. Your server signs each customer's id with this chatbot's identity secret; an id without
        a valid signature is ignored and the visitor chats anonymously.
      </p>

      {info.isPending ? <div className="identity-skeleton" aria-busy="true" /> : null}
      <ErrorNotice error={info.error} />

      {shown ? (
        <div className="identity-reveal" role="status">
          <p className="identity-reveal-title">
            <strong>Copy your identity secret now.</strong> It won't be shown again: after this, nobody on
            your account can read it, only replace it.
          </p>
          <div className="code-block">
            <div className="code-block-bar">
              <span>Identity secret</span>
              <CopyButton text={shown} label="Copy secret" />
            </div>
            <pre>
              <code data-testid="identity-secret">{shown}</code>
            </pre>
          </div>
          <p className="builder-muted builder-small">
            Store it on your server only, for example as the environment variable <code>{SECRET_ENV}</code>.
            Never put it in your pages or in code that runs in the browser.
          </p>
          <div className="settings-actions settings-actions-start">
            <button type="button" className="btn btn-primary btn-sm" onClick={() => rotate.reset()}>
              I've stored it
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
                Rotate secret
              </button>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirm("disable")}>
                Turn off
              </button>
            </>
          ) : (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={create}
              disabled={rotate.isPending}
            >
              {rotate.isPending ? <span className="spinner" aria-hidden="true" /> : null}
              Create identity secret
            </button>
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
        title="Rotate the identity secret?"
        description="The current secret stops working at once. Signed-in customers chat anonymously until your server signs with the new secret, so update it right after."
        action="Rotate secret"
        tone="primary"
        onConfirm={create}
      />
      <Confirm
        open={confirm === "disable"}
        onClose={() => setConfirm(null)}
        mutation={disable}
        icon={<AlertIcon size={22} />}
        title="Turn off identity verification?"
        description="Customer ids are no longer checked and everyone chats anonymously. Conversations of verified customers stay in your inbox; they can pick them up again once you turn verification back on with a new secret."
        action="Turn off"
        tone="danger"
        onConfirm={() =>
          disable.mutate(undefined, {
            onSuccess: () => {
              setConfirm(null);
              rotate.reset();
              toast("Identity verification is off");
            },
          })
        }
      />
    </section>
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
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={onClose}
      dismissible={!mutation.isPending}
      role="alertdialog"
      initialFocusRef={cancelRef}
      icon={icon}
      title={title}
      description={description}
    >
      <ErrorNotice error={mutation.error} />
      <div className="modal-actions">
        <button
          ref={cancelRef}
          type="button"
          className="btn btn-secondary"
          onClick={onClose}
          disabled={mutation.isPending}
        >
          Cancel
        </button>
        <button type="button" className={`btn btn-${tone}`} onClick={onConfirm} disabled={mutation.isPending}>
          {mutation.isPending ? <span className="spinner" aria-hidden="true" /> : null}
          {action}
        </button>
      </div>
    </Modal>
  );
}

/** What anyone on the account sees of a secret: its last characters, when and by whom. */
function SecretSummary({ info }: { info: IdentitySecretInfo }) {
  if (!info.enabled) {
    return (
      <p className="identity-summary builder-muted">
        Identity verification is off: customer ids passed to the widget are ignored.
      </p>
    );
  }
  return (
    <div className="identity-summary">
      <p>
        <span className="sr-only">Identity secret ending in {info.hint}.</span>
        <code className="identity-secret-mask" aria-hidden="true">
          ••••••••••••{info.hint}
        </code>
        <span className="builder-muted builder-small">
          {info.createdAt ? ` Created ${dateFormat.format(new Date(info.createdAt))}` : ""}
          {info.createdBy ? ` by ${info.createdBy.name} (${info.createdBy.email})` : ""}
        </span>
      </p>
      <p className="builder-muted builder-small">
        The secret can't be shown again, to you or anyone on your account. Lost it? Rotate it and update your
        server.
      </p>
      {info.usable ? null : (
        <div className="embed-note" role="alert">
          <AlertIcon size={16} />
          <p>
            <strong>This server can no longer read the secret</strong> (its encryption key changed), so every
            customer id is refused. Rotate the secret and update your server.
          </p>
        </div>
      )}
    </div>
  );
}

const SNIPPET_TABS = [
  ...SERVER_SNIPPETS.map((s: ServerSnippet) => ({ id: s.id, label: s.label })),
  { id: "page" as const, label: "Your page" },
];
type SnippetTab = (typeof SNIPPET_TABS)[number]["id"];

function Snippets({ chatbotId }: { chatbotId: string }) {
  const [tab, setTab] = useState<SnippetTab>("node");
  return (
    <div className="identity-snippets">
      <h3 className="identity-snippets-title">Sign the customer's id on your server</h3>
      <TabList
        idPrefix="identity"
        label="Language"
        tabs={SNIPPET_TABS}
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
        <p className="builder-muted builder-small">
          On pages your server renders, put the values in the tag your template writes:
        </p>
        <Code label="HTML" code={signedTag(publicUrl, chatbotId)} />
        <p className="builder-muted builder-small">
          In a single-page app, tell the widget when the customer signs in and out:
        </p>
        <Code label="JavaScript" code={SPA_SNIPPET} />
      </TabPanel>
    </div>
  );
}

function Code({ label, code }: { label: string; code: string }) {
  return (
    <div className="code-block">
      <div className="code-block-bar">
        <span>{label}</span>
        <CopyButton text={code} label="Copy" />
      </div>
      <pre className="code-block-multiline">
        <code>{code}</code>
      </pre>
    </div>
  );
}
