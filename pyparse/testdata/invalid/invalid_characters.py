x = 1 $ 2
y = a ? b
price = 5€
z = `backticks`
ok = 3
