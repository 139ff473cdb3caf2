/**
 * `use-sync-external-store/shim` for React 18 and later: react-i18next imports the shim (it still
 * supports React 16 and 17), whose code only forwards to React's own hook on this React. Aliased
 * in vite.config.ts so the first paint does not carry the shim.
 */
export { useSyncExternalStore } from "react";
