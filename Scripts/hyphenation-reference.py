#!/usr/bin/env python3
"""Hyphenation points of real words, read by pyphen from the same LibreOffice dictionaries MatterType reads
with libhyphen: the independent reference HyphenationTests compares against.

    pip install pyphen==0.18.1   # and: apt-get install hyphen-en-us hyphen-de hyphen-fr
    python3 Scripts/hyphenation-reference.py > Tests/MatterTypeTests/Fixtures/hyphenation-pyphen.json

pyphen is a pure-Python reader of the .dic pattern files (no libhyphen); it is given the limits MatterType applies:
at least 2 letters each side, or the dictionary's LEFTHYPHENMIN/RIGHTHYPHENMIN when larger. Words are lowercase
(MatterType lowercases before looking up).

pyphen reads one level of patterns, but hyph_de_DE.dic and hyph_fr.dic have two (a NEXTLEVEL line: compound
boundaries first, then syllables within each part, with COMPOUNDLEFTHYPHENMIN/COMPOUNDRIGHTHYPHENMIN at inner
boundaries; hyph_fr.dic's first level is empty), so this script splits such a file in two and applies the levels as libhyphen's README describes:
the first level's points are kept, each part between them is hyphenated on its own (the first level again, then
the second where the first finds nothing). Without NEXTLEVEL (hyph_en_US.dic) libhyphen's own first level only
breaks at hyphens and apostrophes, which no listed English word has. pyphen matches every pattern at every position (Liang's algorithm);
libhyphen only the longest pattern ending at each position (it expects files whose patterns already include their
suffixes', as LibreOffice's substrings.pl makes them) — where a file is not so prepared (2 of the German words),
the two differ, and HyphenationTests says which and why. English words come from the GPL 3 text Debian ships
(/usr/share/common-licenses/GPL-3); German and French ones are listed below (compounds, umlauts, ß, accents,
elisions).
"""
import json
import pathlib
import re
import sys
import tempfile

import pyphen

DICTIONARIES = {"en-US": "/usr/share/hyphen/hyph_en_US.dic",
                "de-DE": "/usr/share/hyphen/hyph_de_DE.dic",
                "fr": "/usr/share/hyphen/hyph_fr.dic"}

GERMAN = """
Donaudampfschifffahrtsgesellschaft Silbentrennung Rechtschreibung Übermäßigkeit größer Straße Fußgängerüberweg
Geschwindigkeitsbegrenzung Bundesverfassungsgericht Mitarbeiterinnen Zusammenarbeit Wissenschaftlerin Entwicklung
Bildschirmschoner Kraftfahrzeughaftpflichtversicherung Lebensmittelgeschäft Schmetterling Eichhörnchen Öffentlichkeit
Verantwortung Gleichberechtigung Menschenwürde Unabhängigkeit Rücksichtnahme Freundschaft Glühbirne Häuschen Müllabfuhr
Abteilungsleiterin Aufmerksamkeit Schriftsetzerei Buchdruckerkunst Typografie Zeilenabstand Schriftgröße Überschrift
Gemeinschaft Vernunft Gewissen Geiste Brüderlichkeit begegnen allgemeine Erklärung Menschenrechte geboren
""".split()

FRENCH = """
anticonstitutionnellement éléphantesque typographie hyphénation paragraphe caractères dictionnaire prononciation
extraordinaire développement responsabilité gouvernement internationalisation accessibilité bibliothèque
aujourd'hui l'éléphant d'information qu'aucune presqu'île chrysanthème œuvre cœur sœurs naïveté Noël
déclaration universelle droits l'homme naissent demeurent libres égaux dignité conscience fraternité raison
orthographe interlignage composition imprimerie mondialisation particulièrement nécessairement
""".split()


def limits(path):
    """The dictionary's LEFTHYPHENMIN and RIGHTHYPHENMIN (0 when absent), from its header lines."""
    left = right = 0
    with open(path, "rb") as f:
        for raw in f.read().split(b"\n")[:40]:
            line = raw.decode("latin-1").strip()
            if line.startswith("LEFTHYPHENMIN"):
                left = int(line.split()[1])
            elif line.startswith("RIGHTHYPHENMIN"):
                right = int(line.split()[1])
    return left, right


def levels(path):
    """The dictionary's pattern levels as pyphen dictionaries: one, or two when a NEXTLEVEL line splits it."""
    raw = open(path, "rb").read()
    charset = raw.split(b"\n", 1)[0].decode().strip()
    lines = raw.decode("latin-1" if charset.upper() == "ISO8859-1" else charset).split("\n")[1:]
    split = [k for k, line in enumerate(lines) if line.strip() == "NEXTLEVEL"]
    parts = [lines[:split[0]], lines[split[0] + 1:]] if split else [lines]
    result = []
    for part in parts:
        patterns = [line for line in part if line.strip() and not line.startswith(("%", "#"))
                    and not line.split()[0].isupper()]
        if not patterns:  # hyph_fr.dic's first level is empty: no compound boundaries
            result.append(None)
            continue
        with tempfile.NamedTemporaryFile("w", suffix=".dic", delete=False, encoding="utf-8") as f:
            f.write("UTF-8\n" + "\n".join(part))
        result.append(pyphen.HyphDict(pathlib.Path(f.name)))
    return result


def compound_limits(path):
    """COMPOUNDLEFTHYPHENMIN and COMPOUNDRIGHTHYPHENMIN (libhyphen's are at least MatterType's 2)."""
    left = right = 0
    for raw in open(path, "rb").read().split(b"\n")[:80]:
        line = raw.decode("latin-1").strip()
        if line.startswith("COMPOUNDLEFTHYPHENMIN"):
            left = int(line.split()[1])
        elif line.startswith("COMPOUNDRIGHTHYPHENMIN"):
            right = int(line.split()[1])
    return max(2, left), max(2, right)


def points_in(dictionaries, word, compound, at_start, at_end):
    """The points of `word` (a whole word, or a compound's part) before the word-edge limits are applied."""
    def raw(level, text):
        return [p for p in level.positions(text) if 0 < p < len(text)] if level else []
    if len(dictionaries) == 2:
        bounds = raw(dictionaries[0], word)
        if bounds:
            found, start = set(bounds), 0
            for end in bounds + [len(word)]:
                for p in points_in(dictionaries, word[start:end], compound, at_start and start == 0,
                                   at_end and end == len(word)):
                    found.add(start + p)
                start = end
            return sorted(found)
        found = raw(dictionaries[1], word)
    else:
        found = raw(dictionaries[0], word)
    # Inner edges of a compound's part keep the compound limits.
    return [p for p in found if (at_start or p >= compound[0]) and (at_end or len(word) - p >= compound[1])]


def english_words():
    text = open("/usr/share/common-licenses/GPL-3", encoding="utf-8").read()
    seen = []
    for word in re.findall(r"[A-Za-z]+", text):
        word = word.lower()
        if len(word) >= 5 and word not in seen:
            seen.append(word)
    return seen[:400]


def main():
    result = {"command": "python3 Scripts/hyphenation-reference.py > Tests/MatterTypeTests/Fixtures/hyphenation-pyphen.json",
              "pyphen": pyphen.__version__, "languages": {}}
    for language, path in DICTIONARIES.items():
        left, right = limits(path)
        left, right = max(2, left), max(2, right)
        dictionaries = levels(path)
        compound = compound_limits(path)
        words = {"en-US": english_words, "de-DE": lambda: GERMAN, "fr": lambda: FRENCH}[language]()
        points = {}
        for word in words:
            word = word.lower()
            points[word] = [p for p in points_in(dictionaries, word, compound, True, True)
                            if p >= left and len(word) - p >= right]
        result["languages"][language] = {"dictionary": path, "left": left, "right": right, "points": points}
    json.dump(result, sys.stdout, ensure_ascii=False, indent=1, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
