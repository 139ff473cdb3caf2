import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router-dom";
import { RouteErrorFallback } from "../components/errors/RouteErrorFallback";
import { LoadingSplash } from "../components/LoadingSplash";
import { HomePage } from "../features/marketing/pages/HomePage";
import { SiteLayout } from "./layout/SiteLayout";

/** Every page except `/` is its own chunk, so the first visit downloads only the home page. */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => {
    const module = await load();
    return { default: module[name] };
  });
}

const PricingPage = lazyPage(() => import("../features/pricing/pages/PricingPage"), "PricingPage");
const ServicesPage = lazyPage(() => import("../features/marketing/pages/ServicesPage"), "ServicesPage");
const ContactPage = lazyPage(() => import("../features/contact/pages/ContactPage"), "ContactPage");
const FaqPage = lazyPage(() => import("../features/marketing/pages/FaqPage"), "FaqPage");
const TermsPage = lazyPage(() => import("../features/marketing/pages/TermsPage"), "TermsPage");
const NotFoundPage = lazyPage(() => import("../features/marketing/pages/NotFoundPage"), "NotFoundPage");
const AppNotFoundPage = lazyPage(() => import("../features/marketing/pages/NotFoundPage"), "AppNotFoundPage");
const WidgetPage = lazyPage(() => import("../features/widget/pages/WidgetPage"), "WidgetPage");
const WidgetChatMissingPage = lazyPage(
  () => import("../features/widget/pages/WidgetChatMissingPage"),
  "WidgetChatMissingPage",
);
const WidgetChatPage = lazyPage(() => import("../features/widget/pages/WidgetChatPage"), "WidgetChatPage");
const AuthCallbackPage = lazyPage(
  () => import("../features/session/pages/AuthCallbackPage"),
  "AuthCallbackPage",
);
const AppShell = lazyPage(() => import("./shell/AppShell"), "AppShell");
const DashboardPage = lazyPage(() => import("./dashboard/DashboardPage"), "DashboardPage");
const AccountPage = lazyPage(() => import("../features/account/pages/AccountPage"), "AccountPage");
const SupportPage = lazyPage(() => import("../features/support/pages/SupportPage"), "SupportPage");
const BillingPage = lazyPage(() => import("../features/billing/pages/BillingPage"), "BillingPage");
const BillingResultPage = lazyPage(
  () => import("../features/billing/pages/BillingResultPage"),
  "BillingResultPage",
);
const ChatbotPage = lazyPage(() => import("./routes/ChatbotRoute"), "ChatbotRoute");
const InboxPage = lazyPage(() => import("../features/inbox/pages/InboxPage"), "InboxPage");
const MembersPage = lazyPage(() => import("../features/workspaces/pages/MembersPage"), "MembersPage");
const InvitationPage = lazyPage(
  () => import("../features/workspaces/pages/InvitationPage"),
  "InvitationPage",
);
const DevelopersPage = lazyPage(
  () => import("../features/developers/pages/DevelopersPage"),
  "DevelopersPage",
);
const AnalyticsPage = lazyPage(() => import("../features/analytics/pages/AnalyticsRoute"), "AnalyticsRoute");
const AdminPage = lazyPage(() => import("./routes/AdminRoute"), "AdminRoute");
const WhatsAppSimulatorPage = lazyPage(
  () => import("../features/whatsapp-simulator/pages/WhatsAppSimulatorPage"),
  "WhatsAppSimulatorPage",
);

/** Pages without the site chrome (the widget iframe, the sign-in callback) load without a spinner. */
function Standalone({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/** A gallery of not-yet-routed UI, only in `vite` dev; the branch is dropped from production builds. */
function devRoutes(): RouteObject[] {
  if (!import.meta.env.DEV) return [];
  const UiPreviewPage = lazyPage(() => import("./dev/UiPreviewPage"), "UiPreviewPage");
  return [
    {
      path: "/_dev/ui",
      errorElement: <RouteErrorFallback />,
      element: (
        <Standalone>
          <UiPreviewPage />
        </Standalone>
      ),
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter([
    ...devRoutes(),
    {
      path: "/",
      element: <SiteLayout />,
      errorElement: <RouteErrorFallback />,
      children: [
        { index: true, element: <HomePage /> },
        { path: "pricing", element: <PricingPage /> },
        { path: "services", element: <ServicesPage /> },
        { path: "contact", element: <ContactPage /> },
        { path: "faq", element: <FaqPage /> },
        { path: "terms-conditions", element: <TermsPage /> },
        { path: "widget", element: <WidgetPage /> },
        // Any path under /widget/ is public (spec §2), so an unknown one is the public 404.
        { path: "widget/*", element: <NotFoundPage /> },
      ],
    },
    {
      // The chat page lives inside a third-party site's iframe: no header, no footer.
      path: "/widget/chat",
      errorElement: <RouteErrorFallback />,
      children: [
        {
          index: true,
          element: (
            <Standalone>
              <WidgetChatMissingPage />
            </Standalone>
          ),
        },
        {
          path: ":chatbotId",
          element: (
            <Standalone>
              <WidgetChatPage />
            </Standalone>
          ),
        },
      ],
    },
    {
      // The WhatsApp simulator: public, in every build (the page explains itself where the API's
      // Graph API stand-in is not mounted, i.e. in production).
      path: "/dev/whatsapp",
      errorElement: <RouteErrorFallback />,
      element: (
        <Standalone>
          <WhatsAppSimulatorPage />
        </Standalone>
      ),
    },
    {
      path: "/auth/callback",
      errorElement: <RouteErrorFallback />,
      element: (
        <Standalone>
          <AuthCallbackPage />
        </Standalone>
      ),
    },
    {
      // The signed-in app shell (spec: registered at /_app): loads the session, sends signed-out
      // visitors to the auth app, and frames the pages below with the app header.
      id: "_app",
      errorElement: <RouteErrorFallback />,
      element: (
        <Suspense fallback={<LoadingSplash />}>
          <AppShell />
        </Suspense>
      ),
      children: [
        { path: "/_app", element: <Navigate to="/dashboard" replace /> },
        { path: "/dashboard", element: <DashboardPage /> },
        { path: "/account", element: <AccountPage /> },
        { path: "/support", element: <SupportPage /> },
        { path: "/billing", element: <BillingPage /> },
        { path: "/billing/result", element: <BillingResultPage /> },
        // The chatbot builder; `?tab=` picks settings, knowledge, playground, embed or conversations.
        { path: "/chatbots", element: <Navigate to="/dashboard" replace /> },
        { path: "/chatbots/:id", element: <ChatbotPage /> },
        // Conversations (`/inbox`, `/inbox/:conversationId`), `/inbox/unanswered` and `/inbox/leads`.
        { path: "/inbox/*", element: <InboxPage /> },
        { path: "/analytics", element: <AnalyticsPage /> },
        // Workspace members and activity; `/invitations/:id` is where invitation e-mails land.
        { path: "/members", element: <MembersPage /> },
        // The address the "endpoint turned off" e-mail links to.
        { path: "/webhooks", element: <Navigate to="/developers/webhooks" replace /> },
        { path: "/invitations/:id", element: <InvitationPage /> },
        // API keys and the API reference (`/developers/api-keys`, `/developers/api`); webhooks join here.
        { path: "/developers/*", element: <DevelopersPage /> },
        // The operator's console (issue #33): platform staff only; anyone else gets "Page not found".
        { path: "/admin/*", element: <AdminPage /> },
        // Every other path needs a session too (spec §2): signed out, the shell sends the visitor
        // to the auth app (remembering the path); signed in, it is the app's "Page not found".
        { path: "*", element: <AppNotFoundPage /> },
      ],
    },
  ]);
}
