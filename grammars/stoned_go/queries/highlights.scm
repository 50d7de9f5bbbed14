; Stoned-Go: moves, flips, stones with trigger programs, the loop bar, macros.

(comment) @comment

(move
  [
    "+"
    "-"
  ] @operator)

(number) @number

(flip) @operator

(halt) @keyword

(loop_bar) @keyword

[
  "["
  "]"
  "("
  ")"
] @punctuation.bracket

[
  "{"
  "}"
  "<"
  ">"
] @punctuation.bracket

":" @punctuation.delimiter

(macro_definition
  name: (macro_name) @function.macro)

(macro_call
  name: (macro_name) @function.call)

; `!`: the argument of the call, inside a definition.
(argument) @variable.parameter
