x = foo(1, 2

def g():
    return [1, 2, 3]

y = g()
