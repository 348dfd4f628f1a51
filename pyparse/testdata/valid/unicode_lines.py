# Non-ASCII identifiers and strings, columns in UTF-8 bytes; NFKC-normalised identifiers.
πr = 3
café = "naïve ☕ 😀"
ﬁle = 1
print(πr, café, file)
s = "\N{BULLET} \u00e9 \U0001F600 \x41 \101"
b = b"\xff\x00"
