x = bad  # want @5-8 "found"
y = (1,
     bad)  # want @6 "found"
