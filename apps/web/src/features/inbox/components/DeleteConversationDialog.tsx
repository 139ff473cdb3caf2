import { ConfirmDialog } from "@parley/ui/components/Dialog";
import { useTranslation } from "@parley/ui/i18n/react";
import { ErrorNotice } from "../../../components/ErrorNotice";
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
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };

  return (
    <ConfirmDialog
      open={open}
      onCancel={close}
      busy={remove.isPending}
      title={t("deleteDialog.title")}
      description={<p>{t("deleteDialog.body")}</p>}
      cancelLabel={t("deleteDialog.cancel")}
      confirmLabel={t("deleteDialog.confirm")}
      busyLabel={t("deleteDialog.deleting")}
      onConfirm={() =>
        remove.mutate(conversationId, {
          onSuccess: () => {
            toast(t("deleteDialog.done"));
            onClose();
            onDeleted();
          },
        })
      }
    >
      {remove.isError ? <ErrorNotice error={remove.error} /> : null}
    </ConfirmDialog>
  );
}
