# Assorted 3.8-3.11 syntax that rules rely on.
def f(a, b=1, /, c=2, *args, d, e=3, **kw):
    if (n := len(args)) > 1:
        return n
    return a @ b


async def g():
    async with lock as l, other():
        async for i in aiter():
            await i
    return [j async for j in agen() if await j]


try:
    pass
except* ValueError as eg:
    pass
except* (TypeError, KeyError):
    pass

with (open("a") as a, open("b") as b,):
    pass

x = lambda *, k=1: k
y = x[1:2, ::3, ...]
z = {**a, 'k': v} if False else {k: v for k, v in d.items()}
del a[0], b.c
global_var: int = 0
w = 1_000_000 + 0x_FF + 0o17 + 0b1010 + 1e-3 + 2.5j + 10 ** 100
print(*y, sep="", **kw)
