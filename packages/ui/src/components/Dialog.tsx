import { type ReactNode, type RefObject, useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "../i18n/react";
import { Alert } from "./Alert";
import { Button } from "./Button";

export interface DialogProps {
  open: boolean;
  /** Called on Esc, on a backdrop click, or by the caller's own buttons. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** Optional visual above the title (an icon tile). */
  icon?: ReactNode;
  /** False while work is in flight (a payment, a downgrade): Esc and backdrop do nothing. */
  dismissible?: boolean;
  /** Element to focus when the modal opens; defaults to the first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  size?: "sm" | "md" | "lg";
  /** Use "alertdialog" for confirmations that interrupt the user (sign out, downgrade). */
  role?: "dialog" | "alertdialog";
  children?: ReactNode;
}

const focusableSelector = [
  "a[href]",
  "area[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "iframe",
  "[contenteditable='true']",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(focusableSelector)).filter(
    (el) => !el.hasAttribute("inert") && el.getClientRects().length > 0,
  );
}

/**
 * The modal dialog every dialog of the apps builds on (`.modal-overlay`, `.modal`: styles/dialog.css).
 * Rendered into <body>; while open the rest of the page is `inert` (hidden from assistive tech
 * and unclickable), Tab cycles inside, Esc closes when dismissible, the page does not scroll,
 * and focus returns to where it was when the modal closes.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  icon,
  dismissible = true,
  initialFocusRef,
  size = "sm",
  role = "dialog",
  children,
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const overlayRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  // Handlers read the latest props without re-running the open/close effect.
  const latest = useRef({ onClose, dismissible });
  latest.current = { onClose, dismissible };

  useEffect(() => {
    if (!open) return;
    const overlay = overlayRef.current;
    const panel = panelRef.current;
    if (!overlay || !panel) return;

    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;

    // Make everything except this modal inert; remember what we changed so nested modals unwind.
    const madeInert: HTMLElement[] = [];
    for (const child of Array.from(document.body.children)) {
      if (child !== overlay && child instanceof HTMLElement && !child.inert) {
        child.inert = true;
        madeInert.push(child);
      }
    }

    // Lock scrolling without the page jumping sideways when the scrollbar disappears.
    const { overflow, paddingRight } = document.body.style;
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    document.body.style.overflow = "hidden";
    if (scrollbar > 0) document.body.style.paddingRight = `${scrollbar}px`;

    const target = initialFocusRef?.current ?? focusableIn(panel)[0] ?? panel;
    target.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.stopPropagation();
        if (latest.current.dismissible) latest.current.onClose();
        return;
      }
      if (event.key !== "Tab") return;
      const items = focusableIn(panel);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown, true);

    return () => {
      document.removeEventListener("keydown", onKeyDown, true);
      for (const el of madeInert) el.inert = false;
      document.body.style.overflow = overflow;
      document.body.style.paddingRight = paddingRight;
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [open, initialFocusRef]);

  if (!open) return null;

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a backdrop click is a mouse shortcut; keyboard users have Esc
    <div
      ref={overlayRef}
      className="modal-overlay"
      role="presentation"
      onMouseDown={(event) => {
        // Only a press that starts on the backdrop itself closes (not a text selection drag).
        if (event.target === event.currentTarget && latest.current.dismissible) latest.current.onClose();
      }}
    >
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is dialog or alertdialog, both take aria-modal */}
      <div
        ref={panelRef}
        className={`modal modal-${size}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        {icon ? <div className="modal-icon">{icon}</div> : null}
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        {description ? (
          <div id={descriptionId} className="modal-description">
            {description}
          </div>
        ) : null}
        {children}
      </div>
    </div>,
    document.body,
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  confirmLabel: ReactNode;
  /** Shown on the confirm button while `busy`; without it the label stays. */
  busyLabel?: ReactNode;
  /** True while the change is in flight: both buttons are disabled, Esc and the backdrop do nothing. */
  busy?: boolean;
  /** A failure, shown in the dialog above its buttons. */
  error?: ReactNode;
  /** The confirm button's look: "danger" for what cannot be undone. */
  tone?: "danger" | "primary";
  /** Defaults to the shared "Cancel". */
  cancelLabel?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  /** Anything between the description and the buttons (a field to type, a list). */
  children?: ReactNode;
}

/**
 * A confirmation (sign out, remove a member, delete a conversation): an `alertdialog` whose Cancel
 * is focused first, so a stray Enter changes nothing.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  icon,
  confirmLabel,
  busyLabel,
  busy = false,
  error,
  tone = "danger",
  cancelLabel,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation("common");
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      role="alertdialog"
      dismissible={!busy}
      initialFocusRef={cancelRef}
      title={title}
      description={description}
      icon={icon}
    >
      {children}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="modal-actions">
        <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel ?? t("actions.cancel")}
        </Button>
        <Button variant={tone} onClick={onConfirm} busy={busy} busyLabel={busyLabel}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
