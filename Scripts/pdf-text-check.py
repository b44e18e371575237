#!/usr/bin/env python3
"""Reads the text of MatterType's PDFs back with two independent readers and prints what each gives.

  poppler's pdftotext (Debian poppler-utils), and PDFium, the PDF engine of Chromium's viewer, through pypdfium2
  (PyPI): PDFium's text page is what the viewer copies.

  apt-get install poppler-utils && pip install pypdfium2
  swift build && Scripts/pdf-text-check.py [.build/debug/mattertype] > Docs/pdf-text.txt

Each sample is rendered with `mattertype render TEXT --family FAMILY --width 600 -o x.pdf`; a reader passes when
its text, with bidi embedding marks and runs of white space taken out, is the sample. Exit 1 when any fails, so a
change that breaks a passing case shows.
"""
import os
import subprocess
import sys
import tempfile

import pypdfium2

SAMPLES = [
    ("The office affine fjord, ffi ffl", "Noto Sans"),
    ("שלום עולם", "Noto Sans Hebrew"),
    ("مرحبا بالعالم", "Noto Sans Arabic"),
    ("永和九年，岁在癸丑", "Noto Sans CJK SC"),
    ("नमस्ते दुनिया", "Noto Sans Devanagari"),
    ("বাংলা লিপি", "Noto Sans Bengali"),
    ("தமிழ் எழுத்து", "Noto Sans Tamil"),
    ("สวัสดีชาวโลก", "Noto Sans Thai"),
    ("🎉 party 👩‍💻", "Noto Sans"),
    ("🎉", "Noto Sans"),
    ("Hello 🎉 world", "Noto Sans"),
    ("שלום 🎉 עולם", "Noto Sans Hebrew"),
    ("مرحبا 👩‍💻 بالعالم", "Noto Sans Arabic"),
]


def normalized(text):
    kept = "".join(c for c in text if not 0x202A <= ord(c) <= 0x202E)
    return " ".join(kept.split())


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/mattertype"
    failures = 0
    print("sample | family | pdftotext | PDFium")
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "x.pdf")
        for text, family in SAMPLES:
            subprocess.run([binary, "render", text, "--family", family, "--width", "600", "-o", path],
                           check=True, capture_output=True)
            poppler = normalized(subprocess.run(["pdftotext", path, "-"], check=True, capture_output=True,
                                                text=True).stdout)
            document = pypdfium2.PdfDocument(path)
            pdfium = normalized(document[0].get_textpage().get_text_range())
            document.close()
            marks = []
            for read in (poppler, pdfium):
                marks.append("ok" if read == text else "got " + repr(read))
                failures += read != text
            print(f"{text} | {family} | {marks[0]} | {marks[1]}")
    print(f"{failures} readings differ from the text")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
