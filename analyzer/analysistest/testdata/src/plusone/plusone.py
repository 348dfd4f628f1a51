# want +1 "found"
x = (bad)
