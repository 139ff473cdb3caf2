export * from "./contact-requests";
export * from "./plans";
