/**
 * @file Hexagony (spec shared/specs/hexagony.md, S2, S3, S6).
 *
 * A program is a sequence of commands, one per code point, laid out on a hexagon once the
 * whitespace is gone; the grammar gives every command a node of its class, so every text is a
 * program (there is never an error). The six ASCII whitespace characters are extras (S2): a
 * no-break space or any other character is a command that sets the edge (`other`, A4). A
 * backtick is a debug mark (S3) on the command after it.
 */

// Command classes (S6). Each command is one node of its class.
const CLASSES = {
  nop: '.',
  halt: '@',
  digit: '0123456789', // edge := 10·edge ± d (A4)
  arithmetic: ')(+-*:%~', // A1–A3
  io: ',?;!', // bytes and integers in and out (I)
  skip: '$', // jump over the next cell (W4)
  mirror: '/\\_|', // C1
  branch: '<>', // C1: mirrors that branch on the edge's sign one way
  ip: '[]#', // choose the next instruction pointer (C3)
  memory: '{}="\'^&', // move the memory pointer, copy a neighbour (M3)
  mark: '`', // a debug mark (S3)
};

const escape = (chars) => chars.replace(/[\\\]\[^\-]/g, (c) => '\\' + c);
const KNOWN = Object.values(CLASSES).join('');

const rules = {
  program: $ => repeat($._command),
  _command: $ => choice(
    ...Object.keys(CLASSES).map((name) => $[name]),
    $.other,
    // tree-sitter 0.26's generator drops U+017F and U+212A from large character classes (they
    // case-fold to ASCII letters), and the lexer's end marker is NUL: tokens of their own.
    alias(/\u017f/, $.other), alias(/\u212a/, $.other), alias(/\x00/, $.other),
  ),
  // Every other code point sets the edge to itself (A4): letters, non-ASCII, U+00A0.
  other: _ => new RegExp(`[^${escape(KNOWN)} \\t\\r\\n\\x0b\\x0c\\x00\\u017f\\u212a]`),
};
for (const [name, chars] of Object.entries(CLASSES)) {
  rules[name] = _ => new RegExp(`[${escape(chars)}]`);
}

module.exports = grammar({
  name: 'hexagony',
  // S2: space, tab, LF, CR, VT, FF are deleted before the layout; no nodes.
  extras: _ => [/[ \t\r\n\x0b\x0c]/],
  rules,
});
