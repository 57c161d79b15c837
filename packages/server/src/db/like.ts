/** The text as a LIKE pattern's literal part: its `\`, `%` and `_` match only themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
