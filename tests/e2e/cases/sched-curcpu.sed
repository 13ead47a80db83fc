s/invalid address \(0x[0-9a-f]+\)/invalid address (ADDR)/
s/probe ID [0-9]+ /probe ID N /
