/**
 * @file Labyrinth (spec shared/specs/labyrinth.md, G3 and "Commands").
 *
 * A program is a maze of cells, one per character: the commands are the corridors and every other
 * character is a wall. The grammar reads the maze row by row and gives every cell a node of its
 * class, so every text is a program (there is never an error): editors colour the walls apart from
 * the commands, and each class of command in its own colour. Spaces, tabs and line ends are walls
 * too, but blank ones: no nodes.
 */

// Command classes. Each cell is one node of its class.
const CLASSES = {
  number: '_0123456789', // push 0; a digit extends the top (10v ± d)
  arithmetic: ')(+-*/%`', // increment, decrement, the four operations, negate
  bitwise: '&|$~',
  stack: ':;}{=#', // duplicate, drop, move between main and auxiliary, swap the tops, depth
  input: ',?', // a byte, an integer
  output: '.!\\', // a byte, a number in decimal, a line feed
  rotation: '<>^v', // rotate a row or a column of the maze (the pointer rides along)
  halt: '@',
  nop: '"\'', // corridor cells that do nothing (`'`: the reference's debug command)
};

const escape = (chars) => chars.replace(/[\\\]\[^\-]/g, (c) => '\\' + c);
const KNOWN = Object.values(CLASSES).join('');

const rules = {
  program: $ => repeat($._cell),
  _cell: $ => choice(
    ...Object.keys(CLASSES).map((name) => $[name]),
    $.wall,
    // tree-sitter 0.26's generator drops U+017F and U+212A from large character classes (they
    // case-fold to ASCII letters); NUL is the lexer's own end marker: tokens of their own, walls.
    alias(/\u017f/, $.wall), alias(/\u212a/, $.wall), alias(/\x00/, $.wall),
  ),
  // Any other visible character is a wall (G3): letters (`V` too: only lower-case `v` rotates),
  // `[` `]`, control characters, anything not ASCII (one node a character; a byte that is not
  // UTF-8 is one node too).
  wall: _ => new RegExp(`[^${escape(KNOWN)} \\t\\r\\n\\x00\\u017f\\u212a]`),
};
for (const [name, chars] of Object.entries(CLASSES)) {
  rules[name] = _ => new RegExp(`[${escape(chars)}]`);
}

module.exports = grammar({
  name: 'labyrinth',
  // Blank walls and line ends: no nodes.
  extras: _ => [/[ \t\r\n]/],
  rules,
});
