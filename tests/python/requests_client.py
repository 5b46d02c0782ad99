#!/usr/bin/python3
"""A real Python client against `serve` (issue 41): Debian's python3-requests with urllib3's Retry, POST allowed.

    requests_client.py IDEMPOTENCY-WORKBENCH

Four clients, one order each, under the stripe profile (a key is optional) with `drop_response` at attempt 1 and a
crash for the client that says it is `crashy`:
  - a new-key client: its own retry loop mints a new Idempotency-Key per try (the anti-pattern) → one suspected
    intent, a suspected duplicate effect;
  - a same-key client: urllib3's Retry resends the request whole, key included → the retry is a replay;
  - a keyless client: urllib3's Retry resends a POST without a key → a suspected duplicate;
  - a client whose request crashes after its effect → `dropped` (the connection closed without a byte).
Then the report is checked, serve is stopped, and `run` on its recording must give the same decision, attempt,
client outcome and effect, request by request. Exit 0 when every check holds, 1 otherwise, 77 (skip) without
requests. Every wait is bounded.
"""
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import uuid

try:
    import requests
    from requests.adapters import HTTPAdapter
    from urllib3.util.retry import Retry
except ImportError:
    print("python3-requests is not installed (Debian: apt-get install python3-requests); skipping")
    sys.exit(77)

failures = 0


def check(condition, what):
    global failures
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures += 1


def start(cli, directory):
    scenario = {
        "format": "idempotency-workbench/scenario@1", "name": "python-requests", "seed": 1,
        "service": {"profile": "stripe", "handler_ms": 20},
        "clients": [{"id": "c", "actor": "a", "timeout_ms": 1000, "retry": {}}],
        "requests": [{"at_ms": 0, "client": "c", "operation": "x", "key": "k", "payload": {}}],
        "faults": [
            {"kind": "drop_response", "client": "python-requests", "attempt": 1},
            {"kind": "crash_after_effect", "client": "crashy"},
        ],
    }
    path = os.path.join(directory, "scenario.json")
    with open(path, "w") as f:
        json.dump(scenario, f)
    child = subprocess.Popen(
        [cli, "serve", path, "--port", "0", "--report", os.path.join(directory, "report.json"),
         "--record", os.path.join(directory, "record.json")],
        stdout=subprocess.PIPE, text=True)
    line = child.stdout.readline()  # serve prints it at once; a dead serve closes stdout
    m = re.match(r"listening on (http://127\.0\.0\.1:\d+/)", line)
    if not m:
        child.kill()
        sys.exit("serve printed no 'listening on' line: " + repr(line))
    return child, m.group(1)


def session(retries):
    s = requests.Session()
    # allowed_methods=None: every method is retried, POST included; a connection closed without an answer is a read
    # error, which Retry retries.
    retry = Retry(total=retries, connect=retries, read=retries, status=0, allowed_methods=None, backoff_factor=0,
                  raise_on_status=False)
    s.mount("http://", HTTPAdapter(max_retries=retry))
    return s


def truth(report):
    with_effect = {e["request"] for e in report["effects"]}
    return [(r["decision"], r["attempt"], r["client_outcome"], r["id"] in with_effect) for r in report["requests"]]


def main():
    cli = sys.argv[1]
    with tempfile.TemporaryDirectory(prefix="iw-python-") as directory:
        child, url = start(cli, directory)
        try:
            orders = url + "v1/orders"
            # The new-key client: its own loop, a fresh key per try, no urllib3 retries.
            plain = session(0)
            for _ in range(3):
                try:
                    r = plain.post(orders, json={"amount": 1}, headers={"Idempotency-Key": str(uuid.uuid4())},
                                   timeout=10)
                    check(r.ok, "new-key client: its second try is answered")
                    break
                except requests.exceptions.ConnectionError:
                    pass  # the answer was lost: try again, with a new key
            # The same-key client: urllib3 resends the same request.
            r = session(2).post(orders, json={"amount": 2}, headers={"Idempotency-Key": "same-" + str(uuid.uuid4())},
                                timeout=10)
            check(r.headers.get("Idempotency-Decision") == "replayed", "same-key client: urllib3's retry is a replay")
            # The keyless client: urllib3 resends the POST without a key.
            r = session(2).post(orders, json={"amount": 3}, timeout=10)
            check(r.ok, "keyless client: urllib3's retry is answered")
            # A crash after the effect: the connection closes without a byte.
            try:
                plain.post(orders, json={"amount": 4}, headers={"Idempotency-Key": "crash-1", "X-Client": "crashy"},
                           timeout=10)
                check(False, "the crash closes the connection without an answer")
            except requests.exceptions.ConnectionError:
                check(True, "the crash closes the connection without an answer")
            report = requests.get(url + "_workbench/report", timeout=10).json()
        finally:
            child.send_signal(signal.SIGTERM)
            try:
                child.wait(timeout=20)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
        check(child.returncode == 0, "serve stopped with exit 0")

        rows = report["requests"]
        by_amount = {}
        for r in rows:
            by_amount.setdefault(r["fingerprint"], []).append(r)
        groups = sorted(by_amount.values(), key=lambda g: g[0]["id"])
        check(len(groups) == 4, "four orders (%d)" % len(groups))
        new_key, same_key, keyless, crash = groups
        check([r["decision"] for r in new_key] == ["created", "created"], "new-key: created twice")
        check([r["client_outcome"] for r in new_key] == ["dropped", "response"], "new-key: dropped, then answered")
        check([r["suspected_intent"] for r in new_key] == [new_key[0]["id"]] * 2, "new-key: one suspected intent")
        check([r["attempt"] for r in new_key] == [1, 2], "new-key: attempts 1 and 2 within it")
        check([r["decision"] for r in same_key] == ["created", "replayed"], "same-key: created, then replayed")
        check(all(r["suspected_intent"] is None for r in same_key), "same-key: not suspected")
        check([r["decision"] for r in keyless] == ["unprotected", "unprotected"], "keyless: the handler ran twice")
        check([r["suspected_intent"] for r in keyless] == [keyless[0]["id"]] * 2, "keyless: one suspected intent")
        check([(r["decision"], r["client_outcome"]) for r in crash] == [("crashed", "dropped")],
              "crash: crashed, and dropped on the wire")
        summary = report["summary"]
        check(summary["suspected_duplicate_effects"] == 2, "two suspected duplicate effects (%s)"
              % summary.get("suspected_duplicate_effects"))
        check(summary["duplicate_effects"] == 0, "no confirmed duplicate")

        rerun = os.path.join(directory, "rerun.json")
        done = subprocess.run([cli, "run", os.path.join(directory, "record.json"), "--report", rerun],
                              capture_output=True, text=True, timeout=60)
        check(done.returncode == 0, "run takes the recording" + (": " + done.stderr if done.returncode else ""))
        if done.returncode == 0:
            with open(rerun) as f:
                replayed = json.load(f)
            with open(os.path.join(directory, "report.json")) as f:
                served = json.load(f)
            check(truth(replayed) == truth(served), "run on the recording matches request by request:\n  %s\n  %s"
                  % (truth(served), truth(replayed)))
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
