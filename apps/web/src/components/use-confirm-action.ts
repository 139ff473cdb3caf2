import { useState } from "react";

/**
 * What a confirmation dialog does with its action: busy while it runs, closed once it succeeds, its
 * failure kept (as the error, to be worded when shown) so the dialog can say what went wrong.
 * `close` does nothing while the action runs, and forgets a failure.
 */
export function useConfirmAction(onClose: () => void) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const close = () => {
    if (busy) return;
    setFailure(null);
    onClose();
  };
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(null);
    try {
      await action();
      setBusy(false);
      onClose();
    } catch (error) {
      setBusy(false);
      setFailure({ error });
    }
  };
  return { busy, failure, close, run };
}
