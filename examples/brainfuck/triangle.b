triangle: a triangle of stars eight rows high (nested loops worth watching)

cells: 0 rows left   1 stars in this row   2 line feed   3 star   4 stars left   5 scratch

++++++++                        cell 0 = 8
>> ++++++ [ >+++++++ < - ]      cell 3 = 42 (a star)
++++++++++                      cell 2 = 10
<<
[                               each row
  > +                           one star more than the row above
  [ - >>> + > + <<<< ]          copy cell 1 to cells 4 and 5
  >>>> [ - <<<< + >>>> ]        and cell 5 back to cell 1
  < [ - < . > ]                 write cell 4 stars
  << .                          a line feed
  << -
]
