# PEP 696 (3.13): defaults for type parameters.
def f[T = int](x: T = 0) -> T:
    return x


class C[T: int = bool, *Ts = *tuple[int, ...], **P = [int, str]]:
    pass


type A[T = str] = list[T]
type B[T: (int, float) = int, **P = ...] = Callable[P, T]
