const dashboard = {} as const;

export default dashboard;
