; Labyrinth: walls as comments (the maze's stone), every command by its class.

(wall) @comment

(number) @number

[
  (arithmetic)
  (bitwise)
] @operator

(stack) @function.builtin

[
  (input)
  (output)
] @function.call

; Rotations change the maze under the pointer.
(rotation) @keyword

; `@` ends the program: keyword.return stands out (Helix falls back to keyword).
(halt) @keyword.return

(nop) @punctuation.delimiter
