const team = {} as const;

export default team;
