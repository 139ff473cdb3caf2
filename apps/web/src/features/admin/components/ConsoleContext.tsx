import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";
import type { Staff } from "../api";
import { type ChangeAccess, changeAccess } from "../console";
import { useStepUp } from "./StepUp";

interface ConsoleValue {
  staff: Staff;
  /** May the operator change things right now (role, and the step-up window)? */
  access: ChangeAccess;
  /** Runs `open` (a change's dialog) when changes are allowed; outside the window, asks to sign in again first. */
  act: (open: () => void) => void;
}

const ConsoleContext = createContext<ConsoleValue | null>(null);

/** The clock, read again every `ms` (the step-up window closes while a page stays open). */
export function useNow(ms = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

export function ConsoleProvider({ staff, children }: { staff: Staff; children: ReactNode }) {
  const now = useNow();
  const stepUp = useStepUp();
  const value = useMemo<ConsoleValue>(() => {
    const access = changeAccess(staff, now);
    return {
      staff,
      access,
      act: (open) => {
        // The window may have closed since the last tick: look at the clock again.
        const fresh = changeAccess(staff, Date.now());
        if (fresh.allowed) open();
        else if (fresh.why === "stepUp") stepUp.request();
      },
    };
  }, [staff, now, stepUp]);
  return <ConsoleContext.Provider value={value}>{children}</ConsoleContext.Provider>;
}

export function useConsole(): ConsoleValue {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error("useConsole needs the console's <ConsoleProvider>");
  return value;
}

/** Change buttons are for admins only: support staff see the console's read-only notice instead. */
export function useCanChange(): boolean {
  return useConsole().staff.role === "admin";
}
