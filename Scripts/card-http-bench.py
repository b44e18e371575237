#!/usr/bin/env python3
"""Cards over HTTP, two mattertype-server binaries back to back (issue 57: what parsing a template once saved).

Usage: Scripts/card-http-bench.py OLD_SERVER NEW_SERVER [ROUNDS]
Each round starts each server on loopback (SQLite store, bundled fonts), stores a template and times, one
request at a time, the median of 40 of: POST /v1/cards (Examples/card.json without its file images, which the
server refuses), POST /v1/cards/layout of a 400-layer card (200 texts with a placeholder, 200 rectangles), and
GET /v1/templates/NAME.png. Build the servers first: (cd Server && swift build -c release).
"""
import http.client, json, subprocess, sys, time, os, tempfile, statistics

if len(sys.argv) < 3:
    sys.exit(__doc__)
servers = {'old': sys.argv[1], 'new': sys.argv[2]}
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
example = json.load(open(os.path.join(root, 'Examples/card.json')))
example['layers'] = [layer for layer in example['layers'] if layer.get('type') != 'image']
for layer in example['layers']:
    if 'spans' in layer:
        layer['spans'] = [span for span in layer['spans'] if 'text' in span]
card = json.dumps(example).encode()
layers = [{'type': 'text', 'x': (i % 20) * 50, 'y': (i // 20) * 30, 'text': 'Hello {{name}} %d' % i, 'size': 12,
           'width': 48} if i % 2 == 0 else
          {'type': 'rect', 'x': (i % 20) * 50, 'y': (i // 20) * 30, 'width': 40, 'height': 20, 'fill': '#336699',
           'cornerRadius': 4} for i in range(400)]
big = json.dumps({'width': 1000, 'height': 700, 'layers': layers}).encode()
def start(binary, port):
    d = tempfile.mkdtemp()
    env = dict(os.environ, MATTERTYPE_ADMIN_TOKEN='secret')
    p = subprocess.Popen([binary, '--port', str(port), '--store', f'sqlite:{d}/s.sqlite', '--no-system-fonts', '--log-level', 'warning'], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            c = http.client.HTTPConnection('127.0.0.1', port); c.request('GET', '/readyz'); r = c.getresponse(); r.read()
            if r.status == 200: break
        except Exception: pass
        time.sleep(0.1)
    time.sleep(4)  # hyphenation dictionaries load in the background at start
    return p
def run(port, method, path, body, n):
    c = http.client.HTTPConnection('127.0.0.1', port)
    times = []
    for i in range(n):
        t = time.perf_counter()
        c.request(method, path, body=body, headers={'Content-Type': 'application/json', 'Authorization': 'Bearer secret'})
        r = c.getresponse(); data = r.read()
        assert r.status in (200, 201), (r.status, data[:200])
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000
results = {}
for rnd in range(rounds):
    for name, binary in servers.items():
        port = 18600 + rnd * 2 + (name == 'new')
        p = start(binary, port)
        try:
            run(port, 'PUT', '/v1/templates/social', card, 1)
            r = {
              'POST /v1/cards card.json': run(port, 'POST', '/v1/cards?title=Hello%20there&author=Ada', card, 40),
              'POST /v1/cards/layout 400 layers': run(port, 'POST', '/v1/cards/layout?name=Ada', big, 40),
              'GET template png': run(port, 'GET', '/v1/templates/social.png?title=Hello%20there&author=Ada', None, 40),
            }
            for k, v in r.items(): results.setdefault((k, name), []).append(v)
        finally:
            p.terminate(); p.wait()
for (k, name), v in sorted(results.items()):
    print(f'{k:40s} {name}: ' + ' / '.join(f'{x:.2f}' for x in v) + ' ms (median of 40 each round)')
