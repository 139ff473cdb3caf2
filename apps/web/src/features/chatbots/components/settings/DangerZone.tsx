import type { Chatbot } from "@parley/contracts";
import { Dialog } from "@parley/ui/components/Dialog";
import { Field } from "@parley/ui/components/Field";
import { useTranslation } from "@parley/ui/i18n/react";
import { useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { DialogFormActions } from "../../../../components/DialogFormActions";
import { ErrorNotice } from "../../../../components/ErrorNotice";
import { useDeleteChatbot } from "../../api";
import { TrashIcon } from "../icons";
import { BuilderSection } from "./fields";

/** Deleting a bot takes its knowledge with it; typing its name makes that a decision, not a slip. */
export function DangerZone({ bot }: { bot: Chatbot }) {
  const { t } = useTranslation("builder");
  const { t: tc } = useTranslation("common");
  const navigate = useNavigate();
  const remove = useDeleteChatbot(bot._id);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const matches = typed.trim() === bot.name.trim();

  const close = () => {
    if (remove.isPending) return;
    setOpen(false);
    setTyped("");
    remove.reset();
  };

  return (
    <>
      <BuilderSection
        title={t("settings.danger.title")}
        tone="danger"
        description={t("settings.danger.description")}
      >
        <div className="settings-actions settings-actions-start">
          <button
            type="button"
            className="btn btn-secondary btn-danger-outline"
            onClick={() => setOpen(true)}
          >
            <TrashIcon size={16} />
            {t("settings.danger.delete")}
          </button>
        </div>
      </BuilderSection>
      <Dialog
        open={open}
        onClose={close}
        dismissible={!remove.isPending}
        role="alertdialog"
        initialFocusRef={inputRef}
        icon={<TrashIcon size={22} />}
        title={t("settings.danger.confirmTitle", { name: bot.name })}
        description={t("settings.danger.confirmDescription")}
      >
        <form
          className="form delete-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!matches) return;
            remove.mutate(undefined, {
              onSuccess: () => navigate("/dashboard", { replace: true, state: { deletedChatbot: bot.name } }),
            });
          }}
        >
          <Field label={t("settings.danger.typeToConfirm", { name: bot.name })} id="delete-confirm">
            <input
              ref={inputRef}
              id="delete-confirm"
              type="text"
              autoComplete="off"
              spellCheck={false}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </Field>
          <ErrorNotice error={remove.error} />
          <DialogFormActions
            busy={remove.isPending}
            disabled={!matches}
            tone="danger"
            onCancel={close}
            cancelLabel={tc("actions.cancel")}
            submitLabel={t("settings.danger.delete")}
            busyLabel={t("settings.danger.deleting")}
          />
        </form>
      </Dialog>
    </>
  );
}
