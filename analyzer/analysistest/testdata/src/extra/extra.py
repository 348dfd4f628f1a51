x = bad
