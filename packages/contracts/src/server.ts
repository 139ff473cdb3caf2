// Server-only helpers (they use node:crypto). The web bundle imports `@parley/contracts` and never this.
export * from "./auth/dev-secret";
export * from "./common/error-replies";
export * from "./webhooks/standard-webhooks";
