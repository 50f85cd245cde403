import { type SQL, sql } from 'drizzle-orm';

/**
 * The letters a name may carry accents on (Latin-1 and Latin Extended-A, as NFD takes them
 * apart, and a few it does not), and their bare letters, for SQL's translate(): one letter
 * for one, so « Œ » and « Æ » are found by their first letter. translate() and lower() of
 * ASCII behave the same in every store and locale — PGlite has no unaccent extension, and
 * lower() of « É » depends on the database's LC_CTYPE — so the accents go first, then the
 * case. Both are immutable: a generated column may use them (the users' directory).
 */
const { ACCENTED, BARE } = (() => {
  let accented = '';
  let bare = '';
  for (let code = 0xc0; code <= 0x17f; code++) {
    const letter = String.fromCharCode(code);
    const base = letter.normalize('NFD').replace(/\p{M}/gu, '');
    if (base !== letter && /^[A-Za-z]$/.test(base)) {
      accented += letter;
      bare += base;
    }
  }
  const others = { Ø: 'O', ø: 'o', Đ: 'D', đ: 'd', Ł: 'L', ł: 'l', Œ: 'O', œ: 'o', Æ: 'A', æ: 'a' };
  for (const [letter, base] of Object.entries(others)) {
    accented += letter;
    bare += base;
  }
  return { ACCENTED: accented, BARE: bare };
})();

/** `value` with accents and case aside, in SQL (no quote in either list: safe as literals). */
export const folded = (value: SQL): SQL =>
  sql`lower(translate(${value}, ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${BARE}'`)}))`;
