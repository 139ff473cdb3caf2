export * from "./plans";
