counter: writes 00 to 99 a number a line

cells: 0 tens left   1 tens digit   2 ones left   3 ones digit   4 line feed

++++++++++                      cell 0 = 10
> ++++++ [ >>++++++++ << - ]    cell 3 = 48 (the digit 0) using cell 1 as a counter
++++++ [ >++++++++ < - ]        cell 2 = 48 then moved below
> [ - < + > ]                   cell 1 = 48 now (tens digit) and cell 2 = 0
>> ++++++++++                   cell 4 = 10
<<<<                            back to cell 0
[                               ten times
  >> ++++++++++                 cell 2 = 10
  [                             ten times
    < .                         the tens digit
    >> .                        the ones digit
    > .                         a line feed
    < +                         next ones digit
    < -
  ]
  > ----------                  ones digit back to 0
  << +                          next tens digit
  < -
]
