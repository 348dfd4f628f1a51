def f(a b):
    pass

class C(x y):
    x = 1

if x
    y = 2

for in range(3):
    pass

print "hello"
while True
    break
return_here = 1
