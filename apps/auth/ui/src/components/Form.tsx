import { Alert } from "@parley/ui/components/Alert";
import { PasswordField, TextField } from "@parley/ui/components/Field";
import { useTranslation } from "@parley/ui/i18n/react";
import type { ComponentProps, ReactNode, Ref } from "react";
import type { HumanError } from "../errors";
import { useText } from "../text";

/** The pieces the pages' forms share (on `useAuthForm`, useForm.ts). */

/**
 * A failed call's message: above a form (`ref`: the form's `alertRef`, focused when it appears), or
 * on a page; then anything it offers (`children`). Nothing when there is no error.
 */
export function ErrorAlert({
  error,
  ref,
  children,
}: {
  error: HumanError | null;
  ref?: Ref<HTMLDivElement>;
  children?: ReactNode;
}) {
  const tx = useText();
  if (!error) return null;
  return (
    <Alert icon tone="error" ref={ref}>
      <p>{tx(error.message)}</p>
      {children}
    </Alert>
  );
}

/**
 * An e-mail address field: the e-mail keyboard, no capitals or spelling fixes, the browser's e-mail
 * autofill. The label is "Email" unless given.
 */
export function EmailField({
  label,
  ...props
}: Omit<ComponentProps<typeof TextField>, "label"> & { label?: string }) {
  const { t } = useTranslation("auth");
  return (
    <TextField
      label={label ?? t("fields.email")}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}

type PasswordFieldProps = ComponentProps<typeof PasswordField>;

/** A new password (sign-up, reset): the browser may offer to make one up and save it. */
export function NewPasswordField(props: PasswordFieldProps) {
  return <PasswordField name="new-password" autoComplete="new-password" {...props} />;
}

/** The new password again, to be sure of it. */
export function ConfirmPasswordField(props: PasswordFieldProps) {
  return <PasswordField name="confirm-password" autoComplete="new-password" {...props} />;
}
