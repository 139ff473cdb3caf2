const builder = {} as const;

export default builder;
