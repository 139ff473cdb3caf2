export * from "./auth";
export * from "./outbox";
