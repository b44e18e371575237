#!/usr/bin/env python3
"""Peak memory of a release server drawing the cards that need the most memory, several at once.

Usage: Scripts/peak-memory.py [--server PATH] [--parallel N (4)] [--rounds N (3)]

Starts mattertype-server (default Server/.build/release/mattertype-server, its default 1 GiB --max-render-memory),
sends each card of Scripts/worst-requests.py that decodes or draws the most pixels (two 25 MP images, a 25 MP
progressive JPEG, the largest blank PNG canvas, the 8 MiB template document) N at a time for a few rounds, and
reads the process's peak resident memory (VmHWM) against its resident memory once started. The server reserves
each card's canvas and decoded images from its budget before drawing and answers 503 when they do not fit, so the
peak must stay within the budget and 200 MB (issue 35). Exits 1 when it does not, or when an answer is not 200 or 503.
"""
import argparse, http.client, importlib.util, json, os, subprocess, sys, tempfile, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUDGET = 1 << 30


def resident(pid, field):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith(field + ":"):
            return int(line.split()[1]) * 1024
    return 0


def post(port, body, answers):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        connection.request("POST", "/v1/cards", body=body, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()
        answers.append(response.status)
    finally:
        connection.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", default=os.path.join(ROOT, "Server/.build/release/mattertype-server"))
    parser.add_argument("--parallel", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--port", type=int, default=18097)
    args = parser.parse_args()
    spec = importlib.util.spec_from_file_location("worst", os.path.join(ROOT, "Scripts/worst-requests.py"))
    worst = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(worst)
    chosen = ("two 25 MP images", "progressive JPEG", "largest blank", "8 MiB template")
    cards = [(name, json.dumps({k: v for k, v in card.items() if k != "format"}).encode())
             for name, card in worst.card_candidates() if any(c in name for c in chosen)]
    store = tempfile.mkdtemp(prefix="peak-memory-")
    server = subprocess.Popen([args.server, "--host", "127.0.0.1", "--port", str(args.port), "--store",
                               f"sqlite:{store}/fonts.sqlite", "--log-level", "error", "--max-body-bytes",
                               str(16 << 20)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    failed = False
    try:
        for _ in range(300):
            try:
                connection = http.client.HTTPConnection("127.0.0.1", args.port, timeout=2)
                connection.request("GET", "/readyz")
                if connection.getresponse().status == 200:
                    break
            except OSError:
                time.sleep(0.1)
        baseline = resident(server.pid, "VmRSS")
        for name, body in cards:
            answers = []
            for _ in range(args.rounds):
                threads = [threading.Thread(target=post, args=(args.port, body, answers)) for _ in range(args.parallel)]
                for thread in threads:
                    thread.start()
                for thread in threads:
                    thread.join()
            peak = resident(server.pid, "VmHWM")
            counts = {status: answers.count(status) for status in sorted(set(answers))}
            print(f"{name:58} answers {counts}; peak so far {peak >> 20} MiB (started at {baseline >> 20} MiB)")
            failed |= any(status not in (200, 503) for status in answers)
        peak = resident(server.pid, "VmHWM")
        limit = baseline + BUDGET + (200 << 20)
        print(f"peak resident memory {peak >> 20} MiB; the budget allows {limit >> 20} MiB "
              f"(start {baseline >> 20} + budget {BUDGET >> 20} + 200)")
        failed |= peak > limit
    finally:
        server.terminate()
        server.wait()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
