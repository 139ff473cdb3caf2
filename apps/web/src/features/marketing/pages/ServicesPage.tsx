import { Link } from "react-router-dom";
import { signInUrl } from "../../../app/config";
import { useDocumentTitle } from "../../../components/use-document-title";
import { FeatureIcon, type FeatureIconName } from "../components/FeatureIcon";

interface Service {
  id: string;
  icon: FeatureIconName;
  title: string;
  summary: string;
  points: string[];
  plan?: string;
}

const services: Service[] = [
  {
    id: "knowledge",
    icon: "book",
    title: "Knowledge ingestion",
    summary:
      "Teach your chatbot from the material you already have. Every source shows its status, and failures say why.",
    points: [
      "Plain text for policies, opening hours and product notes",
      "Question-and-answer pairs for the answers you want word for word",
      "Files: PDF, DOCX, Markdown and TXT",
      "Websites: crawl your pages with a page limit, and re-crawl when they change",
    ],
  },
  {
    id: "widget",
    icon: "code",
    title: "The website widget",
    summary: "One script tag adds a chat launcher to any site, from a hand-written page to a shop builder.",
    points: [
      "Under 2 KB, and nothing more loads until a visitor opens it",
      "Isolated from your page's styles, and works under a strict Content Security Policy",
      "Replies stream word by word and render as clean, safe formatting",
      "Runs only on the domains you allow, with per-visitor rate limits",
    ],
  },
  {
    id: "inbox",
    icon: "inbox",
    title: "Inbox & analytics",
    summary: "Read every conversation and learn what your customers actually ask.",
    points: [
      "All conversations in one inbox, per chatbot",
      "Thumbs up and down on each answer, so weak spots stand out",
      "Questions that hit the fallback reply, ready to become new knowledge",
    ],
    plan: "Pro and Business",
  },
  {
    id: "leads",
    icon: "user",
    title: "Lead capture",
    summary: "Turn a question into a conversation your sales team can continue.",
    points: [
      "Ask for a name and email at the moment it makes sense",
      "Offer a follow-up when the chatbot can't answer",
      "Leads arrive with the conversation that produced them",
    ],
    plan: "Starter and above",
  },
  {
    id: "models",
    icon: "cpu",
    title: "Bring your own model",
    summary: "Use the built-in answer engine, or connect the language model you trust.",
    points: [
      "Built-in engine: answers with the best-matching passages from your knowledge and cites them; no AI key needed",
      "Any OpenAI-compatible endpoint: OpenAI, OpenRouter, or your own Ollama, vLLM or LM Studio server",
      "Your instructions, greeting and fallback reply apply whichever model answers",
    ],
    plan: "Pro and Business",
  },
  {
    id: "onboarding",
    icon: "handshake",
    title: "Onboarding help",
    summary: "A person from our team helps you get your first chatbot right.",
    points: [
      "We help import your help centre, FAQs and product documents",
      "We review early conversations with you and tune instructions and knowledge",
      "Business customers get a dedicated success manager",
    ],
  },
];

export function ServicesPage() {
  useDocumentTitle("Services");
  return (
    <>
      <section className="page-hero">
        <div className="container container-narrow">
          <p className="eyebrow">Services</p>
          <h1>Everything you need to answer customers automatically</h1>
          <p className="lead">
            Parley takes your knowledge, puts a chatbot on your website and shows you what people ask. Here's
            what's included and how each part works.
          </p>
          <nav className="pill-nav" aria-label="Services on this page">
            {services.map((service) => (
              <a key={service.id} href={`#${service.id}`} className="pill">
                {service.title}
              </a>
            ))}
          </nav>
        </div>
      </section>

      <section className="section section-tight">
        <div className="container service-grid">
          {services.map((service) => (
            <article key={service.id} id={service.id} className="service-card">
              <div className="service-card-head">
                <FeatureIcon name={service.icon} />
                {service.plan ? <span className="badge">{service.plan}</span> : null}
              </div>
              <h2>{service.title}</h2>
              <p className="service-summary">{service.summary}</p>
              <ul className="check-list">
                {service.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </section>

      <section className="section section-tight">
        <div className="container">
          <div className="cta-band">
            <div>
              <h2>See which plan fits</h2>
              <p>Every plan includes the widget and the built-in answer engine. Compare limits and extras.</p>
            </div>
            <div className="cta-actions">
              <Link className="btn btn-light btn-lg" to="/pricing">
                Compare plans
              </Link>
              <a className="btn btn-outline-light btn-lg" href={signInUrl}>
                Start free
              </a>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
