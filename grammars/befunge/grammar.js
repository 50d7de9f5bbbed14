/**
 * @file Befunge-93 and Befunge-98 (spec shared/specs/befunge.md, rules 10 and 21).
 *
 * A program is a board of cells, one per byte; the grammar reads it row by row and gives every
 * cell a node of its instruction class, so every text is a program (there is never an error).
 * Befunge-98's instruction set is a superset of Befunge-93's, so one grammar serves both: a
 * 98-only letter in a 93 file gets its 98 class. Code runs in every direction, but the grammar
 * can only read a row left to right: a string is a `"` run to the next `"` on its row (or the
 * row's end), a comment a `;` run to the next `;` (98's jump-over; a no-op in 93), and `'` takes
 * the cell after it as the character it pushes (else a `"` or `;` there would open a run).
 */

// Instruction classes (rule 10's and rule 21's tables). Each cell is one node of its class.
const CLASSES = {
  number: '0123456789abcdef', // push 0–15 (`a`–`f`: 98)
  arithmetic: '+-*/%!`',
  direction: '><^v?[]rx', // set the delta: absolute, random, turn left/right, reflect, `x`
  branch: '_|w', // pop and choose a direction
  jump: '#j', // move past cells without running them
  iterate: 'k', // run the next instruction n times
  stack: ':\\$n{}u', // the stack and the stack stack
  io: '.,&~io', // numbers and bytes in and out, files (`i`, `o`)
  space_access: 'gps', // Funge-Space: get, put, store the next cell (`'` is a fetch node)
  end: '@q', // end the IP / the program
  split: 't', // a new IP (concurrency)
  system_info: 'y',
  execute: '=',
  nop: 'z',
  fingerprint: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', // a loaded fingerprint's semantics
  load: '(', // load a fingerprint
  unload: ')',
};

const escape = (chars) => chars.replace(/[\\\]\[^\-]/g, (c) => '\\' + c);
// Any character of a row but `end`; U+017F and U+212A on their own (see `_cell`). The generated
// lexer ends a run at a NUL, so a NUL ends a string or a comment (a fetch still takes it).
const inside = (end) => `[^${escape(end)}\\r\\n]|\\u017f|\\u212a`;
// Every byte with a meaning of its own: the rest is `other`.
const KNOWN = Object.values(CLASSES).join('') + '"\';';

const rules = {
  program: $ => repeat($._cell),
  _cell: $ => choice(
    ...Object.keys(CLASSES).map((name) => $[name]),
    $.string, $.comment, $.fetch, $.other,
    // tree-sitter 0.26's generator drops U+017F and U+212A from large character classes
    // (they case-fold to ASCII letters); as tokens of their own they are `other` like the rest.
    alias(/\u017f/, $.other), alias(/\u212a/, $.other),
    // NUL: the lexer's own end marker is 0, so NUL needs a token of its own too.
    alias(/\x00/, $.other),
  ),
  // String mode: every cell up to the closing `"` is pushed; a string not closed on its row runs
  // to the row's end (it goes on after the IP wraps, which a row-by-row reading cannot follow).
  string: _ => new RegExp(`"(${inside('"')})*"?`),
  // 98's `;`…`;` is skipped in no time (rule 18); the same run to the row's end if not closed.
  comment: _ => new RegExp(`;(${inside(';')})*;?`),
  // `'` pushes the next cell's value, which is not run (rule 21): the pair is one fetch.
  fetch: $ => seq("'", optional($.character)),
  // Higher precedence than every one-cell class, so `'>` is a fetch of `>`; `' ` fetches a space.
  character: _ => token.immediate(prec(1, new RegExp(inside('')))),
  // A cell that is no instruction (unknown: a no-op in 93, a reflection in 98): `h l m` (3-D
  // only), control bytes (TAB, form feed, …), DEL and non-ASCII (the UTF-8 of a character is one
  // node; a byte that is not UTF-8 is one node too).
  other: _ => new RegExp(`[^${escape(KNOWN)} \\r\\n\\x00\\u017f\\u212a]`),
};
for (const [name, chars] of Object.entries(CLASSES)) {
  rules[name] = _ => new RegExp(`[${escape(chars)}]`);
}

module.exports = grammar({
  name: 'befunge',
  // Spaces are empty cells and line breaks end rows (LF, CR LF, and a lone CR as in 98): no nodes.
  extras: _ => [/[ \r\n]/],
  rules,
});
