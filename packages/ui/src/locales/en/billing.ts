const billing = {} as const;

export default billing;
