cat: copies its input to its output byte for byte

Under the default end of input behaviour (keep: a read at the end leaves
the cell as it was) the loop clears the cell before each read so that the
end of input leaves a 0 and ends the loop

,           read the first byte
[           while the cell is not 0
  .         write it
  [-]       clear the cell
  ,         read the next byte (at the end: the cell stays 0)
]
