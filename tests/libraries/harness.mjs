// Shared by the library-profile tests (docs/reference/decisions.md#profiles): start `idempotency-workbench serve --port 0` with a scenario, send
// raw HTTP requests with node:http (headers exactly as given, so an empty or quoted Idempotency-Key goes out as
// written), and run named cases. Every wait is bounded; every server started here is stopped here.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import http from 'node:http';

const running = new Set();

// A scenario whose service is `service` (a profile and overrides) and whose faults decide the handler's behaviour
// by the request's X-Client header, as the Express apps of apps.mjs do: `slow` takes slowMs, `fail` fails with 500,
// `fail422` with 422; any other client takes handlerMs.
export function servedScenario(service, { handlerMs = 30, slowMs = 400 } = {}) {
    return {
        format: 'idempotency-workbench/scenario@1', name: `library-${service.profile}`, seed: 1,
        service: { handler_ms: handlerMs, ...service },
        clients: [{ id: 'c', actor: 'a', timeout_ms: 1000, retry: {} }],
        requests: [{ at_ms: 0, client: 'c', operation: 'POST /x', key: null, payload: {} }],
        faults: [
            { kind: 'slow_handler', client: 'slow', handler_ms: slowMs },
            { kind: 'handler_error', client: 'fail', status: 500 },
            { kind: 'handler_error', client: 'fail422', status: 422 },
        ],
    };
}

export async function startServe(cli, scenarioObject) {
    const dir = mkdtempSync(join(tmpdir(), 'iw-lib-'));
    const path = join(dir, 'scenario.json');
    writeFileSync(path, JSON.stringify(scenarioObject));
    const child = spawn(cli, ['serve', path, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    running.add(child);
    child.on('exit', () => running.delete(child));
    const url = await new Promise((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error('serve printed no "listening on" line within 20 s')), 20000);
        child.on('exit', (code) => reject(new Error(`serve exited early with ${code}`)));
        child.stdout.on('data', (chunk) => {
            out += chunk;
            const m = /^listening on (http:\/\/127\.0\.0\.1:(\d+)\/)\n/.exec(out);
            if (m) {
                clearTimeout(timer);
                resolve(m[1]);
            }
        });
    });
    const port = Number(new URL(url).port);
    return {
        url, port,
        async reset() {
            const r = await send(port, { method: 'POST', path: '/_workbench/reset' });
            if (r.status !== 200)
                throw new Error(`POST /_workbench/reset answered ${r.status}`);
        },
        async summary() {
            const r = await send(port, { method: 'GET', path: '/_workbench/report' });
            return JSON.parse(r.body).summary;
        },
        async report() {
            const r = await send(port, { method: 'GET', path: '/_workbench/report' });
            return JSON.parse(r.body);
        },
        // Waits until the request that `answer` (its send() promise) stands for has started on serve: its
        // handler runs (true) or it is decided (a refusal, a replay) or answered (false). `before` is the number of
        // requests serve had listed before it was sent. A bounded poll of the report: the order of the next
        // requests then follows from this, not from a sleep.
        async started(before, answer, timeoutMs = 10000) {
            let answered = false;
            answer.then(() => { answered = true; }, () => { answered = true; });
            const until = Date.now() + timeoutMs;
            while (!answered) {
                const r = await this.report();
                const entry = r.requests[before];
                if (entry && entry.decision !== null)
                    return false;
                if (entry && r.events.some((e) => e.request === entry.id && e.kind === 'handler_started'))
                    return true;
                if (Date.now() > until)
                    throw new Error(`serve did not start request ${before + 1} within ${timeoutMs} ms`);
                await sleep(10);
            }
            return false;
        },
        async requestCount() {
            return (await this.report()).requests.length;
        },
        async stop() {
            const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
            child.kill('SIGTERM');
            const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 20000))]);
            if (code === 'timeout')
                child.kill('SIGKILL');
            rmSync(dir, { recursive: true, force: true });
            return code;
        },
    };
}

// One HTTP/1.1 request on a fresh connection. `headers` is a list of [name, value] pairs sent as given; a `body`
// string is sent with Content-Length (and Content-Type: application/json unless a header names one).
export function send(port, { method = 'POST', path = '/', headers = [], body } = {}, timeoutMs = 15000) {
    return new Promise((resolve, reject) => {
        const list = [['Host', `127.0.0.1:${port}`], ...headers]; // a raw header list gets no Host of its own
        if (body !== undefined) {
            if (!list.some(([n]) => n.toLowerCase() === 'content-type'))
                list.push(['Content-Type', 'application/json']);
            list.push(['Content-Length', String(Buffer.byteLength(body))]);
        } else if (method !== 'GET' && method !== 'HEAD') {
            list.push(['Content-Length', '0']); // else node:http sends an empty chunked body
        }
        const flat = [];
        for (const [n, v] of list)
            flat.push(n, v);
        const req = http.request({ host: '127.0.0.1', port, method, path, headers: flat, agent: false });
        const timer = setTimeout(() => req.destroy(new Error(`no answer to ${method} ${path} within ${timeoutMs} ms`)),
            timeoutMs);
        req.on('response', (res) => {
            let data = '';
            res.setEncoding('utf8');
            res.on('data', (c) => { data += c; });
            res.on('end', () => {
                clearTimeout(timer);
                resolve({ status: res.statusCode, headers: res.headers, body: data });
            });
        });
        req.on('error', (e) => {
            clearTimeout(timer);
            reject(e);
        });
        if (body !== undefined)
            req.write(body);
        req.end();
    });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Sends first(), waits until `served` has started it (its handler runs, or it is decided), then sends second(): the
// second request arrives while the first is in progress whatever the machine's load, without a sleep deciding it.
// Returns both answers.
export async function whileRunning(served, first, second) {
    const before = await served.requestCount();
    const a = first();
    await served.started(before, a);
    const b = await second();
    return [await a, b];
}

let failures = 0;
let passed = 0;
let current = [];
export function check(condition, what) {
    if (!condition)
        current.push(what);
}
export function equal(actual, expected, what) {
    const a = JSON.stringify(actual);
    const e = JSON.stringify(expected);
    check(a === e, `${what}: got ${a}, expected ${e}`);
}

// Runs each case ({name, run}) in order, printing a line per case: `ok   <name>` or `FAIL <name>` and its failed
// checks. Exits 1 if any failed; a hard timer bounds the whole run.
export async function runCases(title, cases, { budgetMs = 240000, cleanup = async () => {} } = {}) {
    const hard = setTimeout(() => {
        console.log(`FAIL ${title}: the whole run took more than ${budgetMs / 1000} s`);
        for (const child of running)
            child.kill('SIGKILL');
        process.exit(1);
    }, budgetMs);
    for (const c of cases) {
        current = [];
        try {
            await c.run();
        } catch (e) {
            current.push(`threw: ${e.stack ?? e}`);
        }
        if (current.length === 0) {
            passed += 1;
            console.log(`ok   ${c.name}`);
        } else {
            failures += 1;
            console.log(`FAIL ${c.name}`);
            for (const line of current)
                console.log(`       ${line}`);
        }
    }
    await cleanup();
    clearTimeout(hard);
    for (const child of running)
        child.kill('SIGKILL');
    console.log(`${title}: ${passed} passed, ${failures} failed`);
    console.log(`${passed} passed, ${failures} failed`);
    process.exit(failures === 0 ? 0 : 1);
}
