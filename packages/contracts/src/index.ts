export * from "./common/errors";
export * from "./common/health";
export * from "./common/money";
export * from "./plans/plan";
