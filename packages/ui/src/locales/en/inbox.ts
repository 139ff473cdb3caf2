const inbox = {} as const;

export default inbox;
