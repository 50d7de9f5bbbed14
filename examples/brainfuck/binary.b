binary: counts from 0 to 63 in binary with the bits on the tape (a program to watch the tape)

Each bit has two cells: the bit (1 for a 0 bit and 2 for a 1 bit: never 0 so that
scans pass over it) and a scratch cell to its right

cells: 0 stop   1 numbers left   2 4 6 8 10 12 14 the bits (lowest first)   16 stop
       17 line feed

++++++++ [ - > ++++++++ < ]             cell 1 = 64
>> + >> + >> + >> + >> + >> + >> +      seven 0 bits at cells 2 to 14
>>> ++++++++++                          cell 17 = 10
<<<<<<<<<<<<<<<<                        back to cell 1
[                                       for each number
  >                                     the lowest bit
  [>>] <<                               scan right to the highest bit
  [                                     write the bits from the highest
    [->+<] >                            move the bit to its scratch cell
    +++++++++++++++++++++++++++++++++++++++++++++++ .   0 or 1
    -----------------------------------------------
    [-<+>] <                            and back
    <<                                  the next lower bit
  ]                                     (stops at cell 0)
  >>>>>>>>>>>>>>>>> .                   a line feed
  <<<<<<<<<<<<<<<                       the lowest bit
  - [ >> - ] ++                         add one: every 1 bit passed becomes 0 and the first 0 bit 1
  << [ << ]                             scan back to cell 0
  > -                                   one number less
]
