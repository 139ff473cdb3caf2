import { type ReactNode, useId } from "react";

export interface AccordionItemProps {
  id: string;
  question: string;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/** WAI-ARIA accordion item: a heading with a button that controls its region. */
export function AccordionItem({ id, question, open, onToggle, children }: AccordionItemProps) {
  const panelId = useId();
  const buttonId = useId();
  return (
    <div className="accordion-item" id={id} data-open={open}>
      <h3 className="accordion-heading">
        <button
          id={buttonId}
          type="button"
          className="accordion-trigger"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
        >
          <span>{question}</span>
          <svg className="accordion-chevron" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
            <path
              d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z"
              fill="currentColor"
            />
          </svg>
        </button>
      </h3>
      <section id={panelId} className="accordion-panel" aria-labelledby={buttonId} hidden={!open}>
        {children}
      </section>
    </div>
  );
}
