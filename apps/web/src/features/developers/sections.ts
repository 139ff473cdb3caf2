import type { WorkspaceCapability } from "@parley/contracts";

/**
 * The Developers area's sections, shown as tabs (a section whose capability the member lacks is
 * left out). Webhooks join here as one more entry.
 */
export const developerSections: ReadonlyArray<{
  to: string;
  /** Key of `developers:sections`. */
  label: "apiKeys" | "webhooks" | "reference";
  capability?: WorkspaceCapability;
}> = [
  { to: "/developers/api-keys", label: "apiKeys", capability: "apiKeys:manage" },
  { to: "/developers/webhooks", label: "webhooks", capability: "webhooks:manage" },
  { to: "/developers/api", label: "reference" },
];
