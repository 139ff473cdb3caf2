/**
 * What other features may use of workspaces: the member's permissions, the workspace list and
 * seats, and the confirm dialog for destructive actions. Everything else here is workspaces' own.
 */
export { useSeats, useWorkspaces } from "./api";
export { ConfirmActionDialog } from "./components/ConfirmActionDialog";
export { useAccess, useCan, useCapabilities } from "./permissions";
export { downgradeSeatWarning } from "./seats";
