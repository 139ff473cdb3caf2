import type { ReactNode } from "react";
import { CopyButton } from "./CopyButton";

/**
 * A block of code (read left to right in every language) under a bar with its label and a copy
 * button (`.code-block`).
 */
export function CopyableCode({
  label,
  code,
  copyLabel,
  testId,
  multiline = false,
}: {
  /** What the code is ("HTML", "Your secret"). */
  label: ReactNode;
  code: string;
  /** The copy button's accessible name; "Copy" by default. */
  copyLabel?: string;
  /** A test id on the <code>. */
  testId?: string;
  /** Long code: lines keep their breaks. */
  multiline?: boolean;
}) {
  return (
    <div className="code-block">
      <div className="code-block-bar">
        <span>{label}</span>
        <CopyButton text={code} label={copyLabel} />
      </div>
      <pre className={multiline ? "code-block-multiline" : undefined} dir="ltr">
        <code data-testid={testId}>{code}</code>
      </pre>
    </div>
  );
}
