s/^ *[0-9]+ +myapp[0-9]+ /   ID   myappPID /
s/^myapp[0-9]+ /myappPID /
