# The array module as a value: code written for several array libraries is handed the module
# (cuPyNumeric's examples take `np` as a parameter, bound by a harness), so scale "auto" counts
# its arrays of unknown size as large.
import argparse

N = 10_000_000


def shadowed():
    np = FakeArrayModule()  # a value the code reads as an array module
    return np.zeros(N).astype(np.float32)  # want "`zeros` makes float64 data \\(80,000,000 bytes\\)"


def shadowed_parameter(np):
    return np.ones(N).astype(np.float32)  # want "`ones` makes float64 data \\(80,000,000 bytes\\)"


def generate_random(np, n, lo, hi, D):
    rands = np.random.random(n).astype(D)  # want "`random.random` makes float64 data only to cast it to float32 \\(8·n bytes; n: `--num` \\(default 10\\), through run \\(rebound at line 36\\), initialize; large by scale auto: the program.s problem size, set on its command line\\)"
    return rands * (hi - lo) + lo


def draw(np, n, D):
    return np.random.random(n).astype(D)  # want "`random.random` makes float64 data only to cast it to `D`; draw it in that dtype"


def both(np, n):
    return draw(np, n, np.float32), draw(np, n, np.float64), draw_no_copy(np, n, np.float32), draw_no_copy(np, n, np.float64)  # D differs between the calls


def initialize(np, n, D):
    return generate_random(np, n, 5, 30, D), generate_random(np, n, 1, 100, D)


def run(np, n, D, *, timer):
    n *= 1000
    return initialize(np, n, D), both(np, n)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", "--num", type=int, default=10, dest="N")
    parser.add_argument("--precision", type=int, default=32, dest="P")
    args, harness = parse_with_harness(parser)
    np = harness.np
    if args.P == 16:
        dtype = np.float16
    elif args.P == 32:
        dtype = np.float32  # the default: the dtype the program runs with
    else:
        dtype = np.float64
    harness.run_timed(run, np, args.N, dtype, timer=harness.timer)


def draw_no_copy(np, n, D):
    # copy=False does not help: the draw is float64, copied unless D is float64
    return np.random.randn(n, 4).astype(D, copy=False)  # want "`random.randn` makes float64 data only to cast it to `D`; draw it in that dtype; `copy=False` avoids the copy only where `D` is float64"

