x = 1  # want "`bad` found"
