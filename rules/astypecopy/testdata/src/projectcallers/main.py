# The program that builds the layers; its sizes are module constants of its main block.
from layers import Attention, Big, Block, Embedding, Escaped, Growing, Sampler, make

registry = [Escaped]

if __name__ == "__main__":
    D_MODEL = 64
    N = 4096
    words = open("words.txt").read().split()
    blocks = [Block(D_MODEL) for _ in range(4)]
    head = Attention(D_MODEL)
    emb = Embedding(len(words), D_MODEL)
    big = Big(N)
    esc = Escaped(8)
    small = make(10)
    z = Sampler(16).sample()
    g = Growing(16)
    large = make(10_000)
