s/tick-[0-9]+s:/tick-Ns:/
