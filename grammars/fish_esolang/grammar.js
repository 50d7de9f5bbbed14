/**
 * @file ><> (Fish) (spec shared/specs/fish.md, rules 12–28). Named fish_esolang: `fish` is the fish
 * shell's grammar in nvim-treesitter and Helix, and `.fish` its files' ending.
 *
 * A program is a codebox of cells, one per character; the grammar reads it row by row and gives
 * every cell a node of its instruction class, so every text is a program (there is never an
 * error). Code runs in every direction, but the grammar can only read a row left to right: a
 * string is a `'` or `"` run to the next same quote on its row (the other quote inside is pushed
 * like any character), or to the row's end when the row never closes it (string mode goes on
 * after the pointer wraps, which a row-by-row reading cannot follow).
 */

// Instruction classes. Each cell is one node of its class.
const CLASSES = {
  number: '0123456789abcdef', // push 0–15 (rule 15)
  direction: '><^v', // set the direction (rule 12)
  mirror: '/\\|_#', // turn by the incoming direction (rule 12)
  random: 'x', // a random direction (rule 16)
  skip: '!?', // skip the next cell, always or when 0 is popped (rule 13)
  jump: '.', // move the pointer to a popped cell (rule 14)
  arithmetic: '+-*,%', // rule 17
  comparison: '=()', // rule 18
  stack: ':~$@}{rl', // rule 20
  stacks: '[]', // a new stack, back to the one below (rules 22, 23)
  register: '&', // rule 21
  io: 'oni', // characters and numbers out, characters in (rules 24–26)
  code_access: 'gp', // read and write the codebox (rule 27)
  end: ';', // rule 28
};

const escape = (chars) => chars.replace(/[\\\]\[^\-]/g, (c) => '\\' + c);
// Any character of a row but `end`; U+017F and U+212A on their own (see `_cell`). The generated
// lexer ends a run at a NUL, so a NUL ends a string.
const inside = (end) => `[^${escape(end)}\\r\\n]|\\u017f|\\u212a`;
// Every character with a meaning of its own: the rest is `other`.
const KNOWN = Object.values(CLASSES).join('') + '"\'';

const rules = {
  program: $ => repeat($._cell),
  _cell: $ => choice(
    ...Object.keys(CLASSES).map((name) => $[name]),
    $.string, $.other,
    // tree-sitter 0.26's generator drops U+017F and U+212A from large character classes
    // (they case-fold to ASCII letters); as tokens of their own they are `other` like the rest.
    alias(/\u017f/, $.other), alias(/\u212a/, $.other),
    // NUL: the lexer's own end marker is 0, so NUL needs a token of its own too.
    alias(/\x00/, $.other),
  ),
  // String mode (rule 19): every cell up to the closing quote is pushed.
  string: _ => choice(new RegExp(`'(${inside("'")})*'?`), new RegExp(`"(${inside('"')})*"?`)),
  // A cell that is no instruction (rule 28): other letters, upper case, a tab, a backtick,
  // control characters, any non-ASCII character. Each character is one node.
  other: _ => new RegExp(`[^${escape(KNOWN)} \\r\\n\\x00\\u017f\\u212a]`),
};
for (const [name, chars] of Object.entries(CLASSES)) {
  rules[name] = _ => new RegExp(`[${escape(chars)}]`);
}

module.exports = grammar({
  name: 'fish_esolang',
  // Spaces are empty cells and line breaks end rows (LF, CR LF, a lone CR: rule 5): no nodes.
  extras: _ => [/[ \r\n]/],
  rules,
});
