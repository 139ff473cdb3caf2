export * from "./contact-requests";
export * from "./plans";
export * from "./platform-users";
