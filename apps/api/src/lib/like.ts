/** A LIKE/ILIKE pattern for "contains `q`", its `%`, `_` and `\` matched as themselves (use with `escape '\'`). */
export const likeContaining = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
