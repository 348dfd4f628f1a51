x = bad  # want @4 "found"
y = bad  # want @5-9 "found"
