def f():
	if True:
        return 1
	return 2

x = 1
