import { useTranslation } from "@parley/ui/i18n/react";
import { useRef } from "react";
import { ErrorNotice } from "../../../components/ErrorNotice";
import { Modal } from "../../../components/Modal";
import { useToast } from "../../chatbots/public";
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
  const { t } = useTranslation("inbox");
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
      title={t("deleteDialog.title")}
      description={<p>{t("deleteDialog.body")}</p>}
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
          {t("deleteDialog.cancel")}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(conversationId, {
              onSuccess: () => {
                toast(t("deleteDialog.done"));
                onClose();
                onDeleted();
              },
            })
          }
        >
          {remove.isPending ? t("deleteDialog.deleting") : t("deleteDialog.confirm")}
        </button>
      </div>
    </Modal>
  );
}
