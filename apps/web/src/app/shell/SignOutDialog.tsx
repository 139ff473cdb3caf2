import { ConfirmDialog } from "@parley/ui/components/Dialog";
import { useTranslation } from "@parley/ui/i18n/react";
import { StrokeSvg } from "../../components/Svg";

interface SignOutDialogProps {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** True while signing out: buttons are disabled and Esc does nothing. */
  busy?: boolean;
}

export function SignOutDialog({ open, onConfirm, onCancel, busy = false }: SignOutDialogProps) {
  // Cancel is focused first, so a stray Enter does not sign the user out.
  const { t } = useTranslation("app");
  return (
    <ConfirmDialog
      open={open}
      onCancel={onCancel}
      onConfirm={onConfirm}
      busy={busy}
      confirmLabel={t("signOut.confirm")}
      title={t("signOut.title")}
      description={t("signOut.description")}
      icon={
        <StrokeSvg size={22}>
          <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
        </StrokeSvg>
      }
    />
  );
}
