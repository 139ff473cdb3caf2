/** A LIKE/ILIKE pattern for "contains `q`", its `%`, `_` and `\` matched as themselves (use with `escape '\'`). */
export const likeContaining = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** A LIKE pattern for "begins with `q`" (use with `escape '\'`; a btree `text_pattern_ops` index serves it). */
export const likePrefix = (q: string) => `${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
