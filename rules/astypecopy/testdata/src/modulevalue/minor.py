# Arrays minor beside the data, in code written for scale (the array module is a parameter):
# scale "auto" holds findings on them back, as not worth making at the sizes the code runs at;
# so it does with arrays whose size reaches no command-line option (the problem size).
import argparse


def angles(np, n_views):
    # one angle per view: one length of the data, which nothing in the file sets
    return np.linspace(0, 3.14, n_views).astype(np.float32)


def poses(np, n_views):
    # a 4x4 pose per view: still one length of the data, times constants
    return np.zeros((n_views, 4, 4)).astype(np.float32)


def volume(np, n):
    # a product of lengths, but n reaches no option and no caller states it: held back
    return np.zeros((n, n, n)).astype(np.float32)


def blur(np, shape, filter_shape):
    # the image is the data; the filter, 4x4x4 by the options' defaults, is dwarfed beside it
    image = np.random.rand(*shape).astype(np.float32)  # want "`random.rand` makes float64 data only to cast it to float32 \\(8·shape bytes; shape: `--shape` \\(default \\[\\(20, 20, 20\\)\\]\\); 64,000 bytes at the defaults;"
    psf = np.random.rand(*filter_shape).astype(np.float32)
    return image, psf


def fit(np, n, f):
    # the targets grow with the problem size n, which the program leaves open: not dwarfed by
    # the n x f features
    x = np.random.randn(n, f).astype(np.float32)  # want "`random.randn` makes float64 data"
    y = np.random.random(n).astype(np.float32)  # want "`random.random` makes float64 data only to cast it to float32 \\(8·n bytes; n: `n \\* 1000` at line 38"
    return x, y


def run_fit(np, n, f):
    return fit(np, n * 1000, f)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--shape", type=int, nargs=3, default=[(20, 20, 20)], dest="shape")
    parser.add_argument("--filter-shape", type=int, nargs=3, default=[(4, 4, 4)], dest="filter_shape")
    parser.add_argument("-n", "--num", type=int, default=10, dest="N")
    parser.add_argument("-f", "--features", type=int, default=32, dest="F")
    args, harness = parse_with_harness(parser)
    np = harness.np
    harness.run_timed(blur, np, args.shape, args.filter_shape)
    harness.run_timed(run_fit, np, args.N, args.F)
