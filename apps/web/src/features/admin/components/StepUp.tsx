import { Button } from "@parley/ui/components/Button";
import { Dialog } from "@parley/ui/components/Dialog";
import { useTranslation } from "@parley/ui/i18n/react";
import { useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { signInUrl } from "../../../lib/config";
import { saveReturnPath } from "../../session/public";
import { reauthUrl, STEP_UP_MINUTES } from "../console";
import { watchStepUp } from "../step-up";

interface StepUpContextValue {
  /** Opens the "sign in again" dialog. */
  request: () => void;
  /** Leaves for the sign-in app now (drafts kept first), to come back here. */
  leave: () => void;
  /** Runs `save` before the browser leaves for the sign-in app; returns the unregister. */
  register: (save: () => void) => () => void;
}

const StepUpContext = createContext<StepUpContextValue | null>(null);

export function useStepUp(): StepUpContextValue {
  const value = useContext(StepUpContext);
  if (!value) throw new Error("useStepUp needs the console's <StepUpProvider>");
  return value;
}

/** A form's draft is kept (`save`) when the operator leaves to sign in again, to be brought back. */
export function useBeforeStepUp(save: () => void): void {
  const { register } = useStepUp();
  const latest = useRef(save);
  latest.current = save;
  useEffect(() => register(() => latest.current()), [register]);
}

/** Leaves for the sign-in app in re-authentication mode; the callback brings the browser back here. */
function leaveToReauth() {
  saveReturnPath(`${window.location.pathname}${window.location.search}${window.location.hash}`);
  window.location.assign(reauthUrl(signInUrl));
}

/**
 * The console's step-up: whenever a console call answers STEP_UP_REQUIRED (a change more than 10
 * minutes after signing in), a dialog offers to sign in again and come back to the same page.
 */
export function StepUpProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const savers = useRef(new Set<() => void>());

  useEffect(() => watchStepUp(queryClient, () => setOpen(true)), [queryClient]);

  const register = useCallback((save: () => void) => {
    savers.current.add(save);
    return () => {
      savers.current.delete(save);
    };
  }, []);

  const leave = useCallback(() => {
    for (const save of savers.current) save();
    leaveToReauth();
  }, []);
  const value = useMemo(() => ({ request: () => setOpen(true), register, leave }), [register, leave]);
  return (
    <StepUpContext.Provider value={value}>
      {children}
      <StepUpDialog open={open} onClose={() => setOpen(false)} onLeave={leave} />
    </StepUpContext.Provider>
  );
}

export function StepUpDialog({
  open,
  onClose,
  onLeave,
}: {
  open: boolean;
  onClose: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation("admin");
  const [leaving, setLeaving] = useState(false);
  const goRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      dismissible={!leaving}
      role="alertdialog"
      initialFocusRef={goRef}
      title={t("stepUp.title")}
      description={t("stepUp.body", { minutes: STEP_UP_MINUTES })}
    >
      <div className="modal-actions">
        <Button variant="secondary" onClick={onClose} disabled={leaving}>
          {t("stepUp.later")}
        </Button>
        <Button
          ref={goRef}
          busy={leaving}
          busyLabel={t("stepUp.leaving")}
          onClick={() => {
            setLeaving(true);
            onLeave();
          }}
        >
          {t("stepUp.action")}
        </Button>
      </div>
    </Dialog>
  );
}
