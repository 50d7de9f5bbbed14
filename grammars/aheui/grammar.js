/**
 * @file Aheui (spec shared/specs/aheui.md, B2, B3 and the commands C1–C10).
 *
 * Every code point is a cell (B2); a Hangul syllable (U+AC00–U+D7A3) is a command by its initial
 * consonant, and every other character is a comment (B3). The grammar reads the board row by row
 * and gives each syllable a node of its command's class; a run of comment characters on a row is
 * one `comment` node (a NUL is one of its own). Line feeds end rows (a CR is a cell, a comment).
 * Every text is a program: there is never an error.
 *
 * The class is the initial's, but for `ㅁ` and `ㅂ` the final decides too: with the final `ㅇ` or
 * `ㅎ` they read or write (I/O), with any other they pop and discard or push a constant (stack).
 */

const BASE = 0xac00;
const INITIALS = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ'; // Unicode order: syllable = BASE + 588 × initial + …
const IEUNG = 21; // the finals ㅇ and ㅎ (C4, C5)
const HIEUT = 27;

// The syllables of `initials` whose final `keep(final)` accepts (every vowel).
const syllables = (initials, keep = (_) => true) => {
  const found = [];
  for (const jamo of initials) {
    const initial = INITIALS.indexOf(jamo);
    for (let k = 0; k < 588; k++) {
      if (keep(k % 28)) found.push(BASE + 588 * initial + k);
    }
  }
  return found.sort((a, b) => a - b);
};

// A character class of those code points, as ranges.
const hex = (cp) => '\\u' + cp.toString(16).padStart(4, '0');
const charClass = (points) => {
  const parts = [];
  for (let i = 0; i < points.length;) {
    let j = i;
    while (j + 1 < points.length && points[j + 1] === points[j] + 1) j++;
    parts.push(i === j ? hex(points[i]) : `${hex(points[i])}-${hex(points[j])}`);
    i = j + 1;
  }
  return new RegExp(`[${parts.join('')}]`);
};

const io = (final) => final === IEUNG || final === HIEUT;

// Command classes; each syllable belongs to exactly one.
const CLASSES = {
  nop: syllables('ㅇㄱㄲㅋㅉ'), // nothing (C1)
  end: syllables('ㅎ'), // end the program (E1)
  arithmetic: syllables('ㄷㄸㅌㄴㄹㅈ'), // pop two, push the result (C2) or the comparison (C3)
  stack: [...syllables('ㅁㅂ', (f) => !io(f)), ...syllables('ㅃㅍ')].sort((a, b) => a - b), // C4–C7
  io: syllables('ㅁㅂ', io), // write or read a number or a character (C4, C5)
  storage: syllables('ㅅㅆ'), // select, move (C8, C9)
  flow: syllables('ㅊ'), // branch (C10)
};

const rules = {
  program: $ => repeat($._cell),
  _cell: $ => choice(
    ...Object.keys(CLASSES).map((name) => $[name]),
    $.comment,
    // NUL: the generated lexer's own end marker is 0, so it needs a token of its own.
    alias(/\x00/, $.comment),
  ),
  // Anything but a syllable or a line feed, up to the next syllable or the row's end. tree-sitter
  // 0.26's generator drops U+017F and U+212A from large character classes (they case-fold to
  // ASCII letters): they are named on their own.
  comment: _ => token(repeat1(choice(/[^\uac00-\ud7a3\n\x00]/, '\u017f', '\u212a'))),
};
for (const [name, points] of Object.entries(CLASSES)) {
  rules[name] = _ => charClass(points);
}

module.exports = grammar({
  name: 'aheui',
  // A line feed ends a row: no node.
  extras: _ => [/\n/],
  rules,
});
