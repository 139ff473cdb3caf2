import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { useDocumentTitle } from "../../../components/use-document-title";
import { AccordionItem } from "../components/Accordion";
import { faqGroups } from "../faq";

export function FaqPage() {
  useDocumentTitle("FAQ");
  const { hash } = useLocation();
  const [openIds, setOpenIds] = useState<Set<string>>(() => new Set(hash ? [hash.slice(1)] : []));

  // A link such as /faq#data-retention opens that answer and scrolls to it, also when this
  // page's code arrived after the browser tried to jump to the anchor.
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    setOpenIds((current) => (current.has(id) ? current : new Set(current).add(id)));
    document.getElementById(id)?.scrollIntoView({ block: "start" });
  }, [hash]);

  const toggle = (id: string) =>
    setOpenIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      <section className="page-hero page-hero-center">
        <div className="container container-narrow">
          <p className="eyebrow">FAQ</p>
          <h1>Frequently asked questions</h1>
          <p className="lead">
            How Parley answers, what it costs, and what happens to your data. Can't find your question?{" "}
            <Link to="/contact">Ask us directly</Link>.
          </p>
        </div>
      </section>
      <section className="section section-tight">
        <div className="container container-narrow faq">
          {faqGroups.map((group) => (
            <div key={group.title} className="faq-group">
              <h2 className="faq-group-title">{group.title}</h2>
              <div className="accordion">
                {group.items.map((item) => (
                  <AccordionItem
                    key={item.id}
                    id={item.id}
                    question={item.question}
                    open={openIds.has(item.id)}
                    onToggle={() => toggle(item.id)}
                  >
                    {item.answer.map((paragraph) => (
                      <p key={paragraph}>{paragraph}</p>
                    ))}
                  </AccordionItem>
                ))}
              </div>
            </div>
          ))}
        </div>
      </section>
    </>
  );
}
