#!/usr/bin/env python3
"""Writes the benchmark corpus, deterministically (seed 2026): run from the repository root.

  Benchmarks/lines.txt      2,000 English-like lines of about 60 characters, with kerning pairs (AV, To, Wa, Ty),
                            ligature candidates (fi, ffi, fl), digits and punctuation.
  Benchmarks/paragraph.txt  one ~20 KB paragraph of the same kind of prose.
"""
import os
import random

WORDS = """the of and to in is that for it as was with be by on not he this are or his from at which but have an
they you were her she there been one all we their has would when if so what up out them into more about time some
could only other new these two may first then do any like my now over such our man me even most made after also did
many before must through back years where much your way well down should because each just those people how too
little state good very make world still own see men work long get here between both life being under never day same
another know while last might us great old year off come since against go came right used take three office affine
official fluff fjord shuffle coffee waffle fifteen fiction flight flow staff cliff baffle sniff stiff AVATAR Tokyo
Water Typography Wave Toy Yoga LAVA Vault Award Taiwan Tyrol Volvo WAVE TAYLOR Travel today tomorrow value vowel
kerning ligature glyph baseline leading tracking design system render server pixel""".split()
PUNCTUATION = [",", ",", ".", ";", ":", "!", "?", " —", "'s"]


def sentence(rng, target):
    out = []
    while len(" ".join(out)) < target:
        roll = rng.random()
        if roll < 0.08:
            out.append(str(rng.randint(0, 99999)))
        elif roll < 0.11:
            out.append(f"{rng.randint(1, 12)}:{rng.randint(0, 59):02d}")
        else:
            word = rng.choice(WORDS)
            if rng.random() < 0.1:
                word = word.capitalize()
            if rng.random() < 0.12:
                word += rng.choice(PUNCTUATION)
            out.append(word)
    text = " ".join(out)
    return text[0].upper() + text[1:]


def main():
    rng = random.Random(2026)
    lines = []
    for _ in range(2000):
        line = sentence(rng, rng.randint(52, 64))
        lines.append(line.rstrip(",;:") + rng.choice([".", ".", ".", "!", "?"]))
    with open(os.path.join("Benchmarks", "lines.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    words = []
    while len(" ".join(words)) < 20_000:
        words.append(sentence(rng, rng.randint(40, 120)) + ".")
    with open(os.path.join("Benchmarks", "paragraph.txt"), "w") as f:
        f.write(" ".join(words) + "\n")


if __name__ == "__main__":
    main()
