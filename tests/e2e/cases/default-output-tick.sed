# the ID of a tick probe is not fixed
s/^(  C) [ 0-9]{5}[0-9] /\1     ID /
