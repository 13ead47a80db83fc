s/^( +[0-9]+) +myapp[0-9]+ /\1   myappPID /
s/^myapp[0-9]+ /myappPID /
