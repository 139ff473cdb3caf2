const mail = {} as const;

export default mail;
