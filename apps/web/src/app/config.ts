/** The platform id the hosted auth app knows us by (spec: platform id {product}). */
export const PLATFORM_ID = "parley";

const authBase = (import.meta.env.VITE_AUTH_URL || "http://localhost:3001").replace(/\/+$/, "");

/** The external auth app's sign-in page for this platform. */
export const signInUrl = `${authBase}/auth?platform=${encodeURIComponent(PLATFORM_ID)}`;
