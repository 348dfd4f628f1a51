# Soft keywords (match, case, type, _) used as ordinary names.
match = 1
case = match + 1
type = [match, case]
_ = type[0]
match(x)
match[0]
match.attr = 3
match * 2
print(match, case, type, _)
def type(match, case=None, *, _=0):
    return match
class match:
    case = 1
    type = 2
import match as case
from type import match as _
for match in case:
    pass
x = [match for case in type if _]
match -x:
    case _:
        pass
