import type { ComponentProps, ReactNode } from "react";
import { HeadedCard } from "../../components/HeadedCard";

/** A dashboard card (`.dash-card .dash-<name>`, its heading `#dash-<name>-title`). */
export function DashCard({
  name,
  ...card
}: { name: string } & Omit<ComponentProps<typeof HeadedCard>, "kind" | "className" | "titleId">) {
  return <HeadedCard kind="dash" className={`dash-${name}`} titleId={`dash-${name}-title`} {...card} />;
}

/** A dashboard card that shows one query: busy while it first loads, `aside` once it has data. */
export function QueryDashCard<T>({
  query,
  aside,
  ...card
}: {
  query: { isPending: boolean; data: T | undefined };
  aside: (data: T) => ReactNode;
} & Omit<ComponentProps<typeof DashCard>, "busy" | "aside">) {
  return <DashCard busy={query.isPending} aside={query.data ? aside(query.data) : null} {...card} />;
}
