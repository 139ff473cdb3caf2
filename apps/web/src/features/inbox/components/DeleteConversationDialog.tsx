import { useRef } from "react";
import { Modal } from "../../../components/Modal";
import { ErrorNotice } from "../../chatbots/components/ErrorNotice";
import { useToast } from "../../chatbots/components/Toast";
import { useDeleteConversation } from "../api";

/** Erasing a conversation for good, when a visitor asks for it; says what goes with it. */
export function DeleteConversationDialog({
  open,
  conversationId,
  onClose,
  onDeleted,
}: {
  open: boolean;
  conversationId: string;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteConversation();
  const toast = useToast();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };

  return (
    <Modal
      open={open}
      onClose={close}
      role="alertdialog"
      dismissible={!remove.isPending}
      initialFocusRef={cancelRef}
      title="Delete this conversation?"
      description={
        <p>
          Use this when a visitor asks you to erase what they shared. Its messages and any contact details the
          visitor left are deleted for good, and analytics stop counting it. This can't be undone.
        </p>
      }
    >
      {remove.isError ? <ErrorNotice error={remove.error} /> : null}
      <div className="modal-actions">
        <button
          ref={cancelRef}
          type="button"
          className="btn btn-secondary"
          onClick={close}
          disabled={remove.isPending}
        >
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(conversationId, {
              onSuccess: () => {
                toast("Conversation deleted at the visitor's request.");
                onClose();
                onDeleted();
              },
            })
          }
        >
          {remove.isPending ? "Deleting…" : "Delete conversation"}
        </button>
      </div>
    </Modal>
  );
}
