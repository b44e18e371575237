#!/bin/sh
# Builds Tests/MatterTypeTests/Fixtures/EmojiOne-COLRv1.ttf: ten EmojiOne 3 emoji (CC-BY-SA-4.0, Ranks.com, from
# Debian's ruby-gemojione 3.3.0) compiled to COLRv1 by nanoemoji 0.16.0 — a real emoji font with gradients, since
# Debian 12 ships no COLRv1 emoji font (fonts-noto-color-emoji 2.042 is CBDT only).
#   pip install nanoemoji==0.16.0; sh Scripts/make-colrv1-emoji-font.sh
set -e
OUT="$(cd "$(dirname "$0")/.." && pwd)/Tests/MatterTypeTests/Fixtures/EmojiOne-COLRv1.ttf"
WORK="$(mktemp -d)"
cd "$WORK"
apt-get download ruby-gemojione >/dev/null
dpkg -x ruby-gemojione_*.deb gem
SVG=gem/usr/share/rubygems-integration/all/gems/gemojione-3.3.0/assets/svg
for code in 1F600 1F602 1F60D 1F680 1F389 1F44D 2764 1F308 1F31F 1F355; do
  cp "$SVG/$code.svg" "emoji_u$(echo $code | tr A-Z a-z).svg"
done
# picosvg cannot read transforms whose numbers run together ("matrix(.7071-.7071…)"): spaced out first.
python3 - <<'PY'
import glob, re
number = re.compile(r'-?(?:\d+\.?\d*|\.\d+)(?:[eE]-?\d+)?')
for name in glob.glob("*.svg"):
    text = open(name).read()
    text = re.sub(r'(matrix|translate|rotate|scale)\(([^)]*)\)',
                  lambda m: m.group(1) + "(" + " ".join(number.findall(m.group(2))) + ")", text)
    open(name, "w").write(text)
PY
nanoemoji --color_format glyf_colr_1 --family "Emoji One COLRv1" --output_file EmojiOneColrV1.ttf *.svg >/dev/null
cp build/EmojiOneColrV1.ttf "$OUT"
echo "$OUT"
