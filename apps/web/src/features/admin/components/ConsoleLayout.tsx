import { Button } from "@parley/ui/components/Button";
import { Ltr, Trans, useFormat, useTranslation } from "@parley/ui/i18n/react";
import type { ReactNode } from "react";
import { NavLinkList } from "../../../components/NavLinkList";
import { STEP_UP_MINUTES } from "../console";
import { useConsole } from "./ConsoleContext";
import { useStepUp } from "./StepUp";

const SECTIONS = [
  { to: "/admin/customers", label: "nav.customers" },
  { to: "/admin/payments", label: "nav.payments" },
  { to: "/admin/plans", label: "nav.plans" },
  { to: "/admin/health", label: "nav.health" },
  { to: "/admin/actions", label: "nav.actions" },
] as const;

/** Who is at the console, and whether they may change things now. */
function StaffBar() {
  const { t } = useTranslation("admin");
  const format = useFormat();
  const { staff, access } = useConsole();
  const stepUp = useStepUp();
  return (
    <div className="admin-bar" data-testid="admin-bar">
      <div className="admin-bar-who">
        <span className="admin-bar-title">{t("title")}</span>
        <span className={`admin-role admin-role-${staff.role}`}>{t(`staff.roles.${staff.role}`)}</span>
        <span className="admin-bar-email">
          <Trans
            t={t}
            i18nKey="staff.signedInAs"
            values={{ email: staff.email }}
            components={{ email: <Ltr /> }}
          />
        </span>
      </div>
      <div className="admin-bar-window" aria-live="polite">
        {staff.role === "support" ? (
          <span>{t("staff.readOnly")}</span>
        ) : access.allowed && staff.changesUntil ? (
          <span>{t("staff.changesUntil", { time: format.date(staff.changesUntil, "time") })}</span>
        ) : (
          <>
            <span>{t("staff.changesExpired", { minutes: STEP_UP_MINUTES })}</span>
            <Button size="sm" variant="secondary" onClick={stepUp.leave}>
              {t("staff.signInAgain")}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}

/** The console's frame: the staff bar, the sections, and the page. */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation("admin");
  return (
    <div className="container app-page admin-console">
      <StaffBar />
      <nav className="admin-nav" aria-label={t("nav.label")}>
        <NavLinkList
          items={SECTIONS}
          label={(section) => t(section.label)}
          className={(_section, isActive) => (isActive ? "admin-nav-link active" : "admin-nav-link")}
        />
      </nav>
      {children}
    </div>
  );
}
