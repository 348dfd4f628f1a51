x = bad  # want "found"
