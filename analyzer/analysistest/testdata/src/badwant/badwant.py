x = bad  # want "found" trailing
y = 1  # want
