const site = {} as const;

export default site;
