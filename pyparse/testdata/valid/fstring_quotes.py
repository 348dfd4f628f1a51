# PEP 701 (3.12): quotes reused inside replacement fields, nested f-strings, backslashes.
songs = {"a": 1, "b": 2}
print(f"{songs["a"]} and {songs['b']}")
print(f'{'nested'}')
print(f"{f"{f"{1 + 1}"}"}")
print(f"{"\n".join(["x", "y"])}")
print(f"{'\\'} done")
print(rf"raw \d {songs["a"]!r} \{{braces}}")
print(f"{{literal}} {songs!s:>{10}}")
print(F'''triple {"it's"} {'"'} ''')
print(f"" f"{1}" "plain" f'{2}')
