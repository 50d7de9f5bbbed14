; GCG game records: pragmas, events by kind, racks, positions, words, scores.

(pragma_name) @keyword.directive

(pragma
  value: (text) @string)

(pragma
  full_name: (text) @string)

; A line of free text (a note wrapped onto its own line).
(free_text) @comment

(nickname) @variable

[
  ">"
  ":"
] @punctuation.delimiter

(rack) @constant

(position) @label

(tile) @string

(blank) @string.special

(through) @punctuation.special

[
  "-"
  "--"
  "(challenge)"
  "(time)"
] @keyword

(end_rack
  [
    "("
    ")"
  ] @punctuation.bracket)

(exchange
  exchanged: (_) @constant)

[
  (score)
  (total)
] @number

; Text after an event's total (Quackle lists the cross-words there).
[
  (placement
    annotation: (text) @comment)
  (exchange
    annotation: (text) @comment)
  (pass
    annotation: (text) @comment)
  (withdrawn_phony
    annotation: (text) @comment)
  (challenge_bonus
    annotation: (text) @comment)
  (end_rack
    annotation: (text) @comment)
  (time_penalty
    annotation: (text) @comment)
]
