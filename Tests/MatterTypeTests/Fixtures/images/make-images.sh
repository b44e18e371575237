#!/usr/bin/env bash
# Test images for card image layers, and their pixels as independent decoders read them:
# djpeg (libjpeg-turbo-progs) and dwebp (webp) write PPM/PAM references that ImageDecoderTests compares with.
#   apt-get install libjpeg-turbo-progs webp
#   cd Tests/MatterTypeTests/Fixtures/images && ./make-images.sh
set -euo pipefail
python3 - <<'PY'
import struct, zlib
W, H = 48, 32
rows = []
for y in range(H):
    row = []
    for x in range(W):
        r, g, b = x * 255 // (W - 1), y * 255 // (H - 1), 128
        if (x - 24) ** 2 + (y - 16) ** 2 < 64: r, g, b = 250, 240, 20  # a yellow disc
        row.append((r, g, b, 255 if x < 40 else 96))                   # a translucent right edge
    rows.append(row)
with open("source.ppm", "wb") as f:
    f.write(b"P6\n%d %d\n255\n" % (W, H) + bytes(c for row in rows for p in row for c in p[:3]))
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
raw = b"".join(b"\0" + bytes(c for p in row for c in p) for row in rows)
with open("alpha.png", "wb") as f:
    f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
PY
cjpeg -quality 90 source.ppm > photo.jpg
cjpeg -quality 85 -progressive source.ppm > progressive.jpg
cjpeg -quality 90 -grayscale source.ppm > gray.jpg
cwebp -quiet -lossless alpha.png -o lossless.webp
cwebp -quiet -q 80 alpha.png -o lossy.webp
for f in photo.jpg progressive.jpg gray.jpg; do djpeg -pnm "$f" > "$f.pnm"; done
for f in lossless.webp lossy.webp; do dwebp -quiet -pam "$f" -o "$f.pam"; done
printf 'not an image at all' > garbage.jpg
head -c 300 photo.jpg > truncated.jpg
# A scan bomb: progressive.jpg with its last scan (and the tables before it) repeated 150 times, 160 scans in all,
# each a pass over every coefficient (libjpeg warns of the bogus progression only after doing the work).
python3 - <<'PY'
data = open("progressive.jpg", "rb").read()
segments, i = [], 2
while data[i + 1] != 0xD9:
    length = data[i + 2] << 8 | data[i + 3]
    end = i + 2 + length
    if data[i + 1] == 0xDA:  # a scan: its header, then entropy-coded data up to the next marker
        while not (data[end] == 0xFF and data[end + 1] != 0 and not 0xD0 <= data[end + 1] <= 0xD7):
            end += 1
    segments.append((data[i + 1], data[i:end]))
    i = end
scans = [k for k, (marker, _) in enumerate(segments) if marker == 0xDA]
repeated = b"".join(s for _, s in segments[scans[-2] + 1:scans[-1] + 1])
body = data[:2] + b"".join(s for _, s in segments) + repeated * 150 + data[i:]
open("scans.jpg", "wb").write(body)
PY
rm source.ppm
