export * from "./auth-events";
export * from "./contact-requests";
export * from "./payments";
export * from "./plans";
export * from "./platform-users";
export * from "./subscriptions";
