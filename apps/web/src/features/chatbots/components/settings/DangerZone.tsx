import type { Chatbot } from "@parley/contracts";
import { useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { FormField } from "../../../../components/FormField";
import { Modal } from "../../../../components/Modal";
import { useDeleteChatbot } from "../../api";
import { ErrorNotice } from "../ErrorNotice";
import { TrashIcon } from "../icons";
import { BuilderSection } from "./fields";

/** Deleting a bot takes its knowledge with it; typing its name makes that a decision, not a slip. */
export function DangerZone({ bot }: { bot: Chatbot }) {
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
        title="Danger zone"
        tone="danger"
        description="Deleting removes the chatbot, all of its knowledge and its conversations. The widget stops working on your site."
      >
        <div className="settings-actions settings-actions-start">
          <button
            type="button"
            className="btn btn-secondary btn-danger-outline"
            onClick={() => setOpen(true)}
          >
            <TrashIcon size={16} />
            Delete chatbot
          </button>
        </div>
      </BuilderSection>
      <Modal
        open={open}
        onClose={close}
        dismissible={!remove.isPending}
        role="alertdialog"
        initialFocusRef={inputRef}
        icon={<TrashIcon size={22} />}
        title={`Delete ${bot.name}?`}
        description="Its knowledge sources and conversations are deleted with it. This can't be undone."
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
          <FormField label={`Type “${bot.name}” to confirm`} id="delete-confirm">
            <input
              ref={inputRef}
              id="delete-confirm"
              type="text"
              autoComplete="off"
              spellCheck={false}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </FormField>
          <ErrorNotice error={remove.error} />
          <div className="modal-actions">
            <button type="button" className="btn btn-secondary" onClick={close} disabled={remove.isPending}>
              Cancel
            </button>
            <button type="submit" className="btn btn-danger" disabled={!matches || remove.isPending}>
              {remove.isPending ? <span className="spinner" aria-hidden="true" /> : null}
              {remove.isPending ? "Deleting…" : "Delete chatbot"}
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}
