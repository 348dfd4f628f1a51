# PEP 695 (3.12): generic functions and classes, type aliases, bounds, constraints, *Ts, **P.
def first[T](xs: list[T]) -> T:
    return xs[0]


async def gather[T: (int, str), *Ts, **P](f: Callable[P, T], *args: *Ts) -> T:
    return await f(*args)


class Box[T: Hashable](Base, metaclass=Meta):
    def get[S](self, default: S) -> T | S:
        return self.value


@dataclass
class Pair[K, V]:
    key: K
    value: V


type Alias = int
type ListOrSet[T] = list[T] | set[T]
type Callback[**P, R: object] = Callable[P, R]
type Nested[*Ts] = tuple[int, *Ts]
type = "type is still a name"
print(type)
