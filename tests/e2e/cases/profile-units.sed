# the ID of a tick probe is not fixed
s/^ *[0-9]+( +profile )/   ID\1/
