import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { PageHero } from "../../../components/SitePageParts";
import { useDocumentTitle } from "../../../components/use-document-title";
import { AccordionItem } from "../components/Accordion";
import { faqGroups } from "../faq";

export function FaqPage() {
  const { t } = useTranslation(["pages", "site"]);
  useDocumentTitle(t("site:titles.faq"));
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
      <PageHero
        center
        eyebrow={t("faq.eyebrow")}
        title={t("faq.title")}
        lead={<Trans i18nKey="faq.lead" ns="pages" components={{ a: <Link to="/contact" /> }} />}
      />
      <section className="section section-tight">
        <div className="container container-narrow faq">
          {faqGroups.map((group) => (
            <div key={t(group.title)} className="faq-group">
              <h2 className="faq-group-title">{t(group.title)}</h2>
              <div className="accordion">
                {group.items.map((item) => (
                  <AccordionItem
                    key={item.id}
                    id={item.id}
                    question={t(item.question)}
                    open={openIds.has(item.id)}
                    onToggle={() => toggle(item.id)}
                  >
                    {item.answer.map((paragraph) => (
                      <p key={paragraph}>{t(paragraph)}</p>
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
