/**
 * @file ascii-piet, the text form of Piet programs (spec shared/specs/piet.md, F5; docs/piet.md).
 *
 * One character a codel (dloscutoff/ascii-piet): each letter is its colour, light, normal or dark
 * of the six hues; `?` is white and a space black. The upper-case letter (white `_`, black `@`) is
 * the same codel and ends its row. The grammar gives every codel a node named after its colour
 * (`light_red`, `red`, `dark_red`, … `white`, `black`), whether lower or upper case, in reading
 * order. Line ends (LF, CR LF) have no node; like the engine, a CR anywhere is skipped.
 *
 * Any other character is no codel (the engine refuses the file, exit 2), so it is an `ERROR`
 * here, and so is a file without a codel.
 */

const HUES = ['red', 'yellow', 'green', 'cyan', 'blue', 'magenta'];
const LIGHTNESS = ['light', 'normal', 'dark'];
// F5's table, by hue then lightness (the engine's LETTERS: engines/piet/parser.py).
const LETTERS = 'tldvnfrjbskcqiaume';

const rules = {
  program: $ => repeat1($._codel),
  _codel: $ => choice(
    ...HUES.flatMap((hue) => LIGHTNESS.map((light) => $[name(light, hue)])),
    $.white,
    $.black,
  ),
};

function name(light, hue) {
  return light === 'normal' ? hue : `${light}_${hue}`;
}

HUES.forEach((hue, h) => LIGHTNESS.forEach((light, l) => {
  const letter = LETTERS[h * 3 + l];
  rules[name(light, hue)] = _ => new RegExp(`[${letter}${letter.toUpperCase()}]`);
}));
rules.white = _ => /[?_]/;
rules.black = _ => /[ @]/;

module.exports = grammar({
  name: 'piet',
  // Line ends: a LF or CR LF ends a row (no node); the engine skips a CR anywhere.
  extras: _ => [/\r/, /\n/],
  rules,
});
