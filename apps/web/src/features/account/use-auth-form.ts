import { type FieldPath, type FieldValues, type UseFormProps, useForm } from "react-hook-form";
import { useAuthErrorText } from "../session/public";

type AuthErrorField = NonNullable<ReturnType<ReturnType<typeof useAuthErrorText>>["field"]>;

/**
 * A settings form that the auth service answers: the form, plus `authError`, which puts a refusal
 * on the field it is about (`fields` maps the service's field names to the form's) and otherwise
 * gives its words back for the form's own outcome line.
 */
export function useAuthForm<Values extends FieldValues>(
  options: UseFormProps<Values>,
  fields: { [Field in AuthErrorField]?: FieldPath<Values> },
  { focus = false }: { focus?: boolean } = {},
) {
  const authErrorText = useAuthErrorText();
  const form = useForm<Values>(options);
  const authError = (error: unknown): string | null => {
    const human = authErrorText(error);
    const field = human.field ? fields[human.field] : undefined;
    if (!field) return human.message;
    form.setError(field, { message: human.message }, focus ? { shouldFocus: true } : undefined);
    return null;
  };
  return { ...form, authError };
}
