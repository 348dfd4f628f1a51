# 3.12 f-string fields: self-documenting `=`, conversions, nested format specs, comments and
# line breaks inside fields, lambda and walrus in parentheses.
x, width, precision = 3.14159, 10, 2
print(f"{x=}")
print(f"{x = !r:>{width}}")
print(f"{x:{width}.{precision}f}")
print(f"{x:{'>' if width else '<'}{width}}")
print(f"{x!a}")
print(f"""{
    x  # a comment inside a field
    + 1
}""")
print(f"{
    x
}")
print(f"{(lambda y: y * 2)(x)}")
print(f"{(n := 5)} {n}")
print(f"{x:%H:%M}")
print(f"{x:}")
print(f"{'a' 'b'}")
print(f"{x!r:^20}|")
