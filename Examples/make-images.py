#!/usr/bin/env python3
"""Draws the example card's images with Pillow and the bundled Noto Sans Bold: logo.png (a 192 x 128 mark) and
badge.png (a 56 x 56 "verified" check). Run from the repository root: python3 Examples/make-images.py

photo.jpg (photo-card.json's background, 1024 x 768) is not drawn here: it is the public-domain raccoon photograph
SciPy ships as scipy.misc.face() ("raccoon-procyon-lotor.jpg at http://www.public-domain-image.com", SciPy 1.9's
scipy/misc/face.dat, a bz2-compressed 1024 x 768 RGB buffer), saved with Pillow as JPEG quality 85:
    Image.frombytes("RGB", (1024, 768), bz2.decompress(face_dat)).save("photo.jpg", quality=85, optimize=True)"""
from PIL import Image, ImageDraw, ImageFont

BOLD = "Fonts/NotoSans-Bold.ttf"

logo = Image.new("RGBA", (192, 128), (0, 0, 0, 0))
draw = ImageDraw.Draw(logo)
draw.rounded_rectangle((0, 0, 191, 127), radius=28, fill=(255, 209, 102, 255))
font = ImageFont.truetype(BOLD, 72)
draw.text((96, 66), "MT", font=font, fill=(11, 31, 58, 255), anchor="mm")
logo.save("Examples/logo.png", optimize=True)

badge = Image.new("RGBA", (224, 224), (0, 0, 0, 0))  # drawn at 4x, then shrunk: smooth edges
draw = ImageDraw.Draw(badge)
draw.ellipse((0, 0, 223, 223), fill=(6, 214, 160, 255))
draw.line([(60, 116), (96, 152), (166, 78)], fill=(255, 255, 255, 255), width=26, joint="curve")
badge.resize((56, 56), Image.LANCZOS).save("Examples/badge.png", optimize=True)
