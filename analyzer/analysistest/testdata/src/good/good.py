x = bad  # want "`bad` found"
y = 1
z = [bad, bad]  # want `found` "bad.*found"
