a = "closed"
b = "never closed
c = 'also open
d = b'bytes open
e = 1
f = """triple
quoted never closed
g = 2
