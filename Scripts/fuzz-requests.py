#!/usr/bin/env python3
"""Runs the request generator (mattertype fuzz) for longer than the test suite does: in process, and over HTTP
against a release mattertype-server on loopback, which must still answer at the end.

Usage: Scripts/fuzz-requests.py [--minutes N] [--seed S] [--cases N] [--http-cases N] [--mattertype PATH]
                                [--server PATH] [--threads N]
(defaults: 10 minutes in process, seed 1, 10,000 HTTP cases; binaries from .build/release and
 Server/.build/release, built by `swift build -c release` and
 `cd Server && swift build -c release --product mattertype-server`)

In process: `mattertype fuzz --seed S --minutes N` (or --cases N) checks every case's invariants (typed one-line
refusals, exact line boxes, image sizes equal in every format, ink inside the image) and names any case that traps
(its index is in the --progress file; replay it with `mattertype fuzz --seed S --case I`).

Over HTTP: the same seed's cases (`mattertype fuzz --emit`) are sent to POST /v1/render and /v1/cards, Figma
documents to PUT /v1/templates/fuzz (stored as templates); every answer
must be 200 with an image, or 400/413/422 with the JSON error body ({"error": {"code", "message"}}); a 5xx other
than 503 (busy), or a connection the server drops, is a failure. The server runs with a scratch SQLite store and
stops at the end. Loopback only; every loop is bounded in count and time.

Exit status 1 when anything failed; the last line says what was run.
"""
import argparse, http.client, json, os, signal, subprocess, sys, tempfile, time
from urllib.parse import quote

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def in_process(args):
    progress = tempfile.NamedTemporaryFile(prefix="fuzz-progress-", delete=False).name
    command = [args.mattertype, "fuzz", "--seed", str(args.seed), "--threads", str(args.threads),
               "--progress", progress]
    command += ["--cases", str(args.cases)] if args.cases else ["--minutes", str(args.minutes)]
    print("$ " + " ".join(command), flush=True)
    run = subprocess.run(command, capture_output=True, text=True)
    sys.stdout.write(run.stdout[-20000:])
    if run.returncode < 0:
        running = [line.strip() for line in open(progress) if line.strip() not in ("", "-")]
        print(f"in process: died of signal {-run.returncode} in case(s) {', '.join(running)}; replay with "
              + " or ".join(f"mattertype fuzz --seed {args.seed} --case {index}" for index in running))
        return False
    os.unlink(progress)
    return run.returncode == 0


ADMIN_TOKEN = "fuzz-admin-token"  # the scratch server's, so that Figma documents can be stored as templates


def request(port, method, path, body=None, timeout=60):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    headers = {"Content-Type": "application/json"} if body else {}
    if method == "PUT":
        headers["Authorization"] = "Bearer " + ADMIN_TOKEN
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read(), dict(response.getheaders())
    finally:
        connection.close()


def over_http(args):
    store = tempfile.mkdtemp(prefix="fuzz-store-")
    port = args.port
    server = subprocess.Popen([args.server, "--host", "127.0.0.1", "--port", str(port), "--store",
                               f"sqlite:{store}/fonts.sqlite", "--log-level", "error"],
                              env=dict(os.environ, MATTERTYPE_ADMIN_TOKEN=ADMIN_TOKEN),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    failures, counts, started = [], {}, time.time()
    try:
        for _ in range(300):
            try:
                if request(port, "GET", "/readyz", timeout=2)[0] == 200:
                    break
            except OSError:
                time.sleep(0.1)
        emitted = subprocess.run([args.mattertype, "fuzz", "--seed", str(args.seed), "--cases", str(args.http_cases),
                                  "--emit"], capture_output=True, text=True, check=True).stdout.split("\n")
        # Split at newlines only: a body may hold U+2028 or U+0085, which str.splitlines() would also split at.
        for line in filter(None, emitted):
            case = json.loads(line)
            body = json.dumps(case["body"], ensure_ascii=False).encode()
            # A card's values and image size go in the query string, each percent-encoded whole (a "+" too); a
            # Figma template's image size goes on its image URL, asked for after it is stored.
            sized = case.get("imageSize", {})
            is_template = case["path"].startswith("/v1/templates/")
            pairs = dict(case.get("values", {}), **({} if is_template else sized))
            query = "&".join(f"{quote(name, safe='')}={quote(value, safe='')}" for name, value in sorted(pairs.items()))
            try:
                # A Figma document is stored as a template (PUT), the others drawn (POST).
                method = "PUT" if is_template else "POST"
                status, answer, headers = request(port, method, case["path"] + ("?" + query if query else ""), body)
            except (OSError, http.client.HTTPException) as error:
                failures.append((case["index"], f"no answer: {error}"))
                if server.poll() is not None:
                    failures.append((case["index"], f"the server exited ({server.returncode})"))
                    break
                continue
            if is_template and sized and status in (200, 201):
                image_query = "&".join(f"{quote(n, safe='')}={quote(v, safe='')}"
                                       for n, v in sorted(dict(case.get("values", {}), **sized).items()))
                status, answer, headers = request(port, "GET", case["path"] + ".png?" + image_query)
            counts[status] = counts.get(status, 0) + 1
            if status in (200, 201):
                continue
            try:
                error = json.loads(answer)["error"]
                assert isinstance(error["code"], str) and isinstance(error["message"], str)
            except Exception:
                failures.append((case["index"], f"{status} without the JSON error: {answer[:200]!r}"))
                continue
            if status >= 500 and status != 503:
                failures.append((case["index"], f"{status} {error['code']}: {error['message']}"))
        alive = server.poll() is None and request(port, "GET", "/healthz")[0] == 200
        if not alive:
            failures.append((-1, "the server does not answer /healthz at the end"))
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
    for index, what in failures[:50]:
        print(f"case {index} (mattertype fuzz --seed {args.seed} --case {index}): {what}")
    answered = sum(counts.values())
    print(f"over HTTP: {answered} of {args.http_cases} answered in {time.time() - started:.0f} s, statuses "
          + ", ".join(f"{status}: {count}" for status, count in sorted(counts.items()))
          + f"; {len(failures)} failures", flush=True)
    return not failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--cases", type=int, help="run this many cases in process instead of --minutes")
    parser.add_argument("--http-cases", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--port", type=int, default=18491)
    parser.add_argument("--mattertype", default=os.path.join(ROOT, ".build/release/mattertype"))
    parser.add_argument("--server", default=os.path.join(ROOT, "Server/.build/release/mattertype-server"))
    args = parser.parse_args()
    ok = in_process(args)
    ok = over_http(args) and ok if args.http_cases > 0 else ok
    print("fuzz-requests: " + ("nothing found" if ok else "FAILED"))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
