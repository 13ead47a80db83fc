s/^( +[0-9]+) +myapp[0-9]+ /\1   myappPID /
