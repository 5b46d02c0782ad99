// The differential of docs/reference/decisions.md#profiles: the real library (express-idempotency 1.0.6, or @node-idempotency/core 1.0.11 behind
// its Express middleware) in a small Express app, and `idempotency-workbench serve` under that library's profile,
// over the same seeded random request sequences — keys (quoted, empty, absent, too long), payloads (reordered
// members, other spellings of one document, integer-like names), users, methods, paths, queries, concurrent
// requests, slow and failing handlers (the handler's behaviour chosen by the request's X-Client, so both sides do
// the same). Every request must get the same status, body and headers the library's clients read, and every
// sequence the same number of effects.
//
//   node differential.mjs CLI express-idempotency|node-idempotency [--sequences N] [--seed S] [--only I]
//
// A failing sequence is printed whole with the command line that runs it alone. Result ids are compared up to
// renaming (a bijection kept across the sequence): concurrent handlers may finish in either order on either side.
process.env.NODE_ENV = 'production'; // Express's error page says the status's message, not a stack trace

import { servedScenario, startServe, send, sleep } from './harness.mjs';
import { expressIdempotencyApp, nodeIdempotencyApp, listen } from './apps.mjs';

// Express logs every error it hands to its final handler; the refusals are the libraries' answers, not failures.
const consoleError = console.error;
console.error = (...args) => {
    const text = String(args[0]?.stack ?? args[0]);
    if (!/^Error: (Misuse of the idempotency key|A previous request is still in progress)/.test(text))
        consoleError(...args);
};

const [cli, library, ...rest] = process.argv.slice(2);
const option = (name, fallback) => {
    const i = rest.indexOf(name);
    return i >= 0 ? Number(rest[i + 1]) : fallback;
};
const sequences = option('--sequences', 200);
const seed = option('--seed', 20261206);
const only = option('--only', -1);
if (!cli || !['express-idempotency', 'node-idempotency'].includes(library)) {
    console.log('usage: node differential.mjs CLI express-idempotency|node-idempotency [--sequences N] [--seed S] '
        + '[--only I]');
    process.exit(2);
}

const times = { handlerMs: 20, slowMs: 400, slowerMs: 1500 };
const waitMs = 1000; // node-idempotency's wait mode: maxWaitMs = in_progress_wait_ms

// splitmix32-style generator: the whole run follows from the seed.
function rng(s) {
    let x = s >>> 0;
    return () => {
        x = (x + 0x9e3779b9) >>> 0;
        let z = x;
        z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
        z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
        return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
    };
}
function pick(r, weighted) {
    const total = weighted.reduce((a, [w]) => a + w, 0);
    let v = r() * total;
    for (const [w, value] of weighted) {
        if ((v -= w) < 0)
            return value;
    }
    return weighted[weighted.length - 1][1];
}

// One logical document, several spellings: member order, whitespace and number spelling vary.
const documents = [
    ['{"amount":100,"currency":"EUR"}', '{"currency":"EUR","amount":100}', '{ "amount": 100.0, "currency": "EUR" }'],
    ['{"amount":200,"currency":"EUR"}', '{"currency":"EUR","amount":2e2}'],
    ['{"b":1,"1":2}', '{"1":2,"b":1}', '{"b":1, "1":2}'],
    ['{"items":[1,2],"note":{"x":"y","z":"w"}}', '{"note":{"z":"w","x":"y"},"items":[1,2]}'],
    ['{}'],
];

function request(r, nodeWait) {
    const method = pick(r, [[70, 'POST'], [15, 'PUT'], [15, 'GET']]);
    const path = pick(r, [[60, '/orders'], [40, '/payments']]);
    const query = pick(r, [[60, ''], [15, 'a=1'], [10, 'a=2'], [15, 'a=1&b=2']]);
    const key = pick(r, [[35, 'k1'], [20, 'k2'], [10, '"k1"'], [10, null], [5, ''], [5, 'x'.repeat(256)],
        [5, 'y'.repeat(257)], [10, 'k3']]);
    const actor = pick(r, [[50, 'alice'], [50, 'bob']]);
    const client = pick(r, [[76, 'normal'], [12, 'fail'], [12, 'fail422']]);
    const doc = documents[Math.floor(r() * documents.length)];
    const body = method === 'GET' ? undefined : doc[Math.floor(r() * doc.length)];
    return { method, path: path + (query ? `?${query}` : ''), key, actor, client, body };
}

function generate(index) {
    const r = rng(seed ^ Math.imul(index + 1, 0x27d4eb2d));
    const nodeWait = library === 'node-idempotency' && index % 2 === 1;
    const steps = [];
    const count = 3 + Math.floor(r() * 5);
    for (let i = 0; i < count; ++i) {
        if (r() < 0.25) {
            // A concurrent batch: a slow first request and one or two others while it runs, mostly on its key.
            const first = request(r, nodeWait);
            first.client = nodeWait && r() < 0.3 ? 'slower' : 'slow';
            if (first.key === null || first.key === '')
                first.key = 'k1';
            const batch = [first];
            const others = 1 + Math.floor(r() * 2);
            for (let k = 0; k < others; ++k) {
                const other = request(r, nodeWait);
                if (r() < 0.7)
                    other.key = first.key;
                if (r() < 0.5) {
                    other.method = first.method;
                    other.path = first.path;
                    other.body = first.body;
                }
                batch.push(other);
            }
            steps.push(batch);
        } else {
            steps.push([request(r, nodeWait)]);
        }
    }
    return { nodeWait, steps };
}

function headersOf(req) {
    const h = [['X-Actor', req.actor], ['X-Client', req.client]];
    if (req.key !== null)
        h.push(['Idempotency-Key', req.key]);
    return h;
}

// What a client of the library reads of an answer.
const compared = ['content-type', 'idempotent-replayed', 'retry-after', 'idempotency-key', 'content-security-policy',
    'x-content-type-options'];
function view(answer) {
    const headers = {};
    for (const name of compared) {
        if (answer.headers[name] !== undefined)
            headers[name] = answer.headers[name];
    }
    return { status: answer.status, body: answer.body, headers };
}

// One step on one side: {port, count(), started(before, answer)}, where started() resolves true once the request's
// handler runs and false if it was answered without running. A batch sends its slow first request, waits until that
// side has started it, then sends the others one after the other, each once the one before is answered or the first
// is: so the others arrive while the first is in progress and in the same order on both sides, decided by events,
// not by sleeps. Without waiting (every mode but node-idempotency's wait mode) each other must be answered before a
// first that runs; if the machine was too slow for that (`held` false) the sequence is run again.
async function runStep(side, batch, nodeWait) {
    const sendOne = (req) => send(side.port, { method: req.method, path: req.path, headers: headersOf(req),
        body: req.body });
    if (batch.length === 1)
        return { answers: [view(await sendOne(batch[0]))], held: true };
    const before = await side.count();
    let firstDone = false;
    const first = sendOne(batch[0]).finally(() => { firstDone = true; });
    const running = await side.started(before, first);
    const others = [];
    let held = true;
    for (const req of batch.slice(1)) {
        const answer = sendOne(req);
        others.push(answer);
        await Promise.race([answer, first]);
        if (!nodeWait && running && firstDone)
            held = false;
    }
    const answers = await Promise.all([first, ...others]);
    return { answers: answers.map(view), held };
}

// The library's side of runStep: `state.started` counts the handler's runs.
function librarySide(port, state) {
    return {
        port,
        count: async () => state.started,
        async started(before, answer, timeoutMs = 10000) {
            let answered = false;
            answer.then(() => { answered = true; }, () => { answered = true; });
            const until = Date.now() + timeoutMs;
            while (!answered && state.started <= before) {
                if (Date.now() > until)
                    throw new Error(`the library did not start a request within ${timeoutMs} ms`);
                await sleep(5);
            }
            return state.started > before;
        },
    };
}

const servers = {};
async function serveFor(nodeWait) {
    const name = nodeWait ? 'wait' : 'plain';
    if (!servers[name]) {
        const service = { profile: library };
        if (nodeWait)
            service.in_progress_wait_ms = waitMs;
        const scenario = servedScenario(service, times);
        scenario.faults.push({ kind: 'slow_handler', client: 'slower', handler_ms: times.slowerMs });
        servers[name] = await startServe(cli, scenario);
    }
    return servers[name];
}

function libraryApp(nodeWait) {
    if (library === 'express-idempotency')
        return expressIdempotencyApp(timesWithSlower());
    return nodeIdempotencyApp(timesWithSlower(),
        nodeWait ? { inProgressStrategy: { wait: true, pollingIntervalMs: 100, maxWaitMs: waitMs } } : {});
}
function timesWithSlower() {
    return { handlerMs: times.handlerMs, slowMs: times.slowMs, slowerMs: times.slowerMs };
}

async function runSequence(index) {
    const { nodeWait, steps } = generate(index);
    const served = await serveFor(nodeWait);
    await served.reset();
    const { app, state } = libraryApp(nodeWait);
    const lib = await listen(app);
    const problems = [];
    const ids = new Map(); // library result id → serve result id
    const taken = new Map();
    const log = [];
    let held = true;
    try {
        const sides = [librarySide(lib.port, state),
            { port: served.port, count: () => served.requestCount(), started: (n, p) => served.started(n, p) }];
        for (const batch of steps) {
            const [x, y] = await Promise.all(sides.map((side) => runStep(side, batch, nodeWait)));
            held = held && x.held && y.held;
            const [a, b] = [x.answers, y.answers];
            for (let i = 0; i < batch.length; ++i) {
                log.push({ request: batch[i], library: a[i], serve: b[i] });
                let libBody = a[i].body;
                const m = /"result_id":"(e\d+)"/.exec(libBody);
                const n = /"result_id":"(e\d+)"/.exec(b[i].body);
                if (m && n) {
                    if (!ids.has(m[1]) && !taken.has(n[1])) {
                        ids.set(m[1], n[1]);
                        taken.set(n[1], m[1]);
                    }
                    libBody = libBody.replace(m[1], ids.get(m[1]) ?? `${m[1]}(unmatched)`);
                }
                const same = a[i].status === b[i].status && libBody === b[i].body
                    && JSON.stringify(a[i].headers) === JSON.stringify(b[i].headers);
                if (!same)
                    problems.push(`request ${log.length}: the library and serve answered differently`);
            }
        }
        const summary = await served.summary();
        if (summary.effects !== state.effects)
            problems.push(`effects: the library ran the handler ${state.effects} times, serve ${summary.effects}`);
    } finally {
        await lib.close();
    }
    return { problems, log, nodeWait, held };
}

const hard = setTimeout(() => {
    console.log(`FAIL ${library} differential: the whole run took more than 15 minutes`);
    process.exit(1);
}, 15 * 60 * 1000);
let passed = 0;
let failed = 0;
const first = only >= 0 ? only : 0;
const last = only >= 0 ? only + 1 : sequences;
for (let i = first; i < last; ++i) {
    let run = await runSequence(i);
    for (let again = 0; !run.held && again < 2; ++again) {
        console.log(`     sequence ${i}: a request of a batch was answered after the batch's slow first one `
            + '(a loaded machine); running it again');
        run = await runSequence(i);
    }
    const { log, nodeWait } = run;
    const problems = run.held ? run.problems
        : [...run.problems, 'three runs, and each time a request of a batch came after the slow first one'];
    if (problems.length === 0) {
        passed += 1;
        continue;
    }
    failed += 1;
    console.log(`FAIL ${library} sequence ${i}${nodeWait ? ' (wait mode)' : ''}: ${problems.join('; ')}`);
    console.log(`     re-run alone: node differential.mjs CLI ${library} --seed ${seed} --only ${i}`);
    for (const [n, entry] of log.entries())
        console.log(`     ${n + 1}. ${JSON.stringify(entry)}`);
    if (failed >= 5) {
        console.log('     (stopping after 5 failing sequences)');
        break;
    }
}
for (const s of Object.values(servers))
    await s.stop();
clearTimeout(hard);
console.log(`${library} differential, seed ${seed}: ${passed} sequences agree, ${failed} differ`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
