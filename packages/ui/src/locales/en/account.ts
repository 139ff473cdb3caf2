const account = {} as const;

export default account;
