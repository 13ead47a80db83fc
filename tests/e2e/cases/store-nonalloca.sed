s/invalid address \(0xffff[0-9a-f]+\)/invalid address (ADDR)/
