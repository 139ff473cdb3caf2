import { Field, type FieldControlProps } from "@parley/ui/components/Field";
import type { ReactNode } from "react";
import {
  type FieldValues,
  get,
  type Path,
  type RegisterOptions,
  type UseFormRegisterReturn,
  useFormContext,
} from "react-hook-form";
import { useFormMessage } from "../form-message";

/** What a control inside <FormField> spreads on itself: its id, aria attributes and registration. */
export type FormControlProps = FieldControlProps & UseFormRegisterReturn;

/**
 * A <Field> bound to the react-hook-form of the surrounding FormProvider: the field's error
 * (in the reader's language) under it, the control registered under `name`.
 */
export function FormField<T extends FieldValues = FieldValues>({
  name,
  id,
  label,
  hint,
  optional,
  className,
  options,
  children,
}: {
  name: Path<T>;
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  options?: RegisterOptions<T, Path<T>>;
  children: (control: FormControlProps) => ReactNode;
}) {
  const {
    register,
    formState: { errors },
  } = useFormContext<T>();
  const formMessage = useFormMessage();
  const error = formMessage((get(errors, name) as { message?: string } | undefined)?.message);
  return (
    <Field label={label} id={id} error={error} hint={hint} optional={optional} className={className}>
      {(control) => children({ ...control, ...register(name, options) })}
    </Field>
  );
}

/**
 * A whole number in a <FormField> (read as a number), with an optional unit after it
 * ("seconds", "days").
 */
export function NumberFormField<T extends FieldValues = FieldValues>({
  min,
  max,
  step,
  suffix,
  ...field
}: Omit<Parameters<typeof FormField<T>>[0], "options" | "children"> & {
  min: number;
  max: number;
  step?: number;
  suffix?: string;
}) {
  return (
    <FormField<T> {...field} options={{ valueAsNumber: true }}>
      {(control) => {
        const input = (
          <input type="number" min={min} max={max} step={step} inputMode="numeric" {...control} />
        );
        return suffix ? (
          <div className="input-suffix">
            {input}
            <span className="input-suffix-text">{suffix}</span>
          </div>
        ) : (
          input
        );
      }}
    </FormField>
  );
}
