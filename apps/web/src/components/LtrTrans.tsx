import { Trans } from "@parley/ui/i18n/react";
import type { ComponentProps } from "react";

/**
 * A catalog sentence about addresses or file names: each value sits in its own left-to-right
 * `<bdi>` (the catalog's `<name>{{name}}</name>` tags), so it reads whole inside Arabic.
 */
export function LtrTrans({
  values,
  ...trans
}: Omit<ComponentProps<typeof Trans>, "values" | "components"> & { values: Record<string, string> }) {
  const components = Object.fromEntries(
    Object.keys(values).map((name) => [name, <bdi key={name} dir="ltr" />]),
  );
  return <Trans {...trans} values={values} components={components} />;
}
