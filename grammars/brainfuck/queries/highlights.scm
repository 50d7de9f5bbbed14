; Brainfuck: arithmetic on the cell, moves of the pointer, input and output, loop brackets,
; comments (every byte that is no command).

[
  (increment)
  (decrement)
] @operator

[
  (right)
  (left)
] @keyword

[
  (output)
  (input)
] @function.builtin

(loop
  [
    "["
    "]"
  ] @punctuation.bracket)

(comment) @comment
