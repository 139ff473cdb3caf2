export * from "./auth/events";
export * from "./common/errors";
export * from "./common/health";
export * from "./common/money";
export * from "./contact/contact";
export * from "./plans/plan";
export * from "./users/platform-user";
