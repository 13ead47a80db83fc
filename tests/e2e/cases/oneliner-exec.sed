s/^( +C) +[0-9]+ /\1      ID /
s/matched [0-9]+ probes/matched N probes/
