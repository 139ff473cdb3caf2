import { useTranslation } from "@parley/ui/i18n/react";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";
import { CheckIcon, CloseIcon } from "./icons";

interface Toast {
  id: number;
  text: string;
}

type ShowToast = (text: string) => void;

const ToastContext = createContext<ShowToast | null>(null);

const TOAST_MS = 4000;

/**
 * Short confirmations ("Settings saved") in a polite live region at the bottom of the screen. The
 * region is always in the DOM so screen readers announce what is added to it. Errors are never
 * toasts: they stay beside what failed.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation("builder");
  const [toasts, setToasts] = useState<Toast[]>([]);
  const counter = useRef(0);
  const timers = useRef(new Map<number, number>());

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((item) => item.id !== id));
    window.clearTimeout(timers.current.get(id));
    timers.current.delete(id);
  }, []);

  const show = useCallback<ShowToast>(
    (text) => {
      const id = ++counter.current;
      // One at a time: a newer confirmation replaces the older one.
      setToasts([{ id, text }]);
      timers.current.set(
        id,
        window.setTimeout(() => dismiss(id), TOAST_MS),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) window.clearTimeout(timer);
    };
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toast-region" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className="toast">
            <span className="toast-mark">
              <CheckIcon size={14} />
            </span>
            <span className="toast-text">{toast.text}</span>
            <button
              type="button"
              className="toast-close"
              aria-label={t("toast.dismiss")}
              onClick={() => dismiss(toast.id)}
            >
              <CloseIcon size={14} />
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast must be used inside <ToastProvider>");
  return show;
}
