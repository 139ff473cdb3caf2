/**
 * What the app shell may use of the operator's console: whether the signed-in person is platform
 * staff (the user menu's link). The console's pages are routed from app/routes/AdminRoute.tsx.
 */
export { staffQueryOptions } from "./api";
