a = f"{}"
b = f"{x!z}"
d = f"{x"
e = f"unterminated
g = 1
