const app = {} as const;

export default app;
