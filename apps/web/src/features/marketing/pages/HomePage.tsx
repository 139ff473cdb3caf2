import { Link } from "react-router-dom";
import { signInUrl } from "../../../app/config";
import { useDocumentTitle } from "../../../components/use-document-title";
import { ChatPreview } from "../components/ChatPreview";
import { FeatureIcon, type FeatureIconName } from "../components/FeatureIcon";

const valueProps: { icon: FeatureIconName; title: string; body: string }[] = [
  {
    icon: "code",
    title: "One script tag, under 2 KB",
    body: "Paste a single tag before </body>. The launcher downloads nothing else until a visitor reaches for it, so your page speed stays where it is.",
  },
  {
    icon: "bolt",
    title: "Answers stream instantly",
    body: "Replies appear word by word as they are written. Visitors start reading in a fraction of a second instead of watching a spinner.",
  },
  {
    icon: "shield",
    title: "Allowed domains & rate limits",
    body: "Your chatbot answers only on the sites you list. Per-visitor and per-IP limits stop anyone from draining your message allowance.",
  },
  {
    icon: "card",
    title: "Billing in BHD with BENEFIT and cards",
    body: "Plans are priced in Bahraini dinar. Pay with BENEFIT or any major card, monthly or yearly with two months free.",
  },
];

const steps = [
  {
    title: "Add your knowledge",
    body: "Paste text, write question-and-answer pairs, upload PDF, DOCX, Markdown or TXT files, or point Parley at your website and let it read the pages.",
  },
  {
    title: "Shape how it answers",
    body: "Give it instructions, a greeting and suggested questions, and decide what it says when the answer isn't in your knowledge. Test it before anyone else sees it.",
  },
  {
    title: "Embed it and go live",
    body: "Copy the script tag into your site, list the domains it may run on, and watch real conversations arrive in your inbox.",
  },
];

const trustPoints = [
  {
    title: "Only your knowledge",
    body: "Answers come from the sources you added, with the passages they came from. No invented policies, no competitor's prices.",
  },
  {
    title: "An honest fallback",
    body: "When nothing in your knowledge matches, your chatbot says so in your words and can collect the visitor's details for a follow-up.",
  },
  {
    title: "Your data, your rules",
    body: "Set how many days conversations are kept for each chatbot. Delete your account and your chatbots and conversations go with it.",
  },
];

export function HomePage() {
  useDocumentTitle();
  return (
    <>
      <section className="hero">
        <div className="container hero-grid">
          <div className="hero-copy">
            <p className="eyebrow">AI customer chat for your website</p>
            <h1>AI chatbots that answer from your own knowledge</h1>
            <p className="lead">
              Parley turns your help articles, policies and product pages into a chatbot that answers
              customers on your site in seconds, around the clock, and only with what you've taught it.
            </p>
            <div className="hero-actions">
              <a className="btn btn-primary btn-lg" href={signInUrl}>
                Start free
              </a>
              <Link className="btn btn-secondary btn-lg" to="/pricing">
                See pricing
              </Link>
            </div>
            <p className="hero-note">Free plan with one chatbot. No card needed to start.</p>
          </div>
          <ChatPreview />
        </div>
      </section>

      <section className="section" aria-labelledby="why-heading">
        <div className="container">
          <div className="section-head">
            <p className="eyebrow">Why Parley</p>
            <h2 id="why-heading">Built for the website you already have</h2>
            <p className="lead">
              No rebuild, no heavy chat suite. A small widget that knows your business and respects your
              visitors' time.
            </p>
          </div>
          <div className="feature-grid">
            {valueProps.map((item) => (
              <article key={item.title} className="feature-card">
                <FeatureIcon name={item.icon} />
                <h3>{item.title}</h3>
                <p>{item.body}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="section section-muted" aria-labelledby="how-heading">
        <div className="container">
          <div className="section-head">
            <p className="eyebrow">How it works</p>
            <h2 id="how-heading">Live on your site in three steps</h2>
          </div>
          <ol className="steps">
            {steps.map((step, index) => (
              <li key={step.title} className="step">
                <span className="step-number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.body}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section" aria-labelledby="trust-heading">
        <div className="container split">
          <div>
            <p className="eyebrow">Answers you can stand behind</p>
            <h2 id="trust-heading">A chatbot that knows what it doesn't know</h2>
            <p className="lead">
              A wrong answer costs more than no answer. Parley is built to stay inside your knowledge and hand
              over gracefully when it can't help.
            </p>
            <Link className="text-link" to="/services">
              See everything Parley does →
            </Link>
          </div>
          <ul className="trust-list">
            {trustPoints.map((point) => (
              <li key={point.title}>
                <h3>{point.title}</h3>
                <p>{point.body}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-tight">
        <div className="container">
          <div className="cta-band">
            <div>
              <h2>Give your website a helpful voice today</h2>
              <p>
                Start on the Free plan with one chatbot and the built-in answer engine. Upgrade when your
                customers are talking.
              </p>
            </div>
            <div className="cta-actions">
              <a className="btn btn-light btn-lg" href={signInUrl}>
                Start free
              </a>
              <Link className="btn btn-outline-light btn-lg" to="/contact?topic=sales">
                Talk to sales
              </Link>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
