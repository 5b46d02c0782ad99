// The differential of docs/manual/stores.md's dynamodb engine: the real Powertools TypeScript DynamoDB persistence layer
// (@aws-lambda-powertools/idempotency, pinned in package.json) running against dynalite (a DynamoDB implementation on
// LevelDB, pinned too) on 127.0.0.1, and `idempotency-workbench run` of the same requests under the
// `powertools-dynamodb` profile, over seeded random request sequences: keys, payloads, concurrent requests, slow and
// failing handlers, gaps that pass the record's expiry, and (in half the sequences) a Lambda context whose remaining
// time sets an in-progress deadline, and handler results near and over DynamoDB's 400 KB item cap (which dynalite
// enforces: the completion's UpdateItem fails with a ValidationException, the library throws
// IdempotencyPersistenceLayerError and the item stays INPROGRESS). Both run under one virtual clock: the library's Date.now() is the sequence's
// instant, and the scenario puts every arrival and handler end at the same instant (network_ms and db_ms 0).
//
//   node differential.mjs CLI [--sequences N] [--seed S] [--only I]
//
// Every request must get the same decision (executed — with the same effect id —, executed but not saved, failed in
// its handler, replayed, refused as in progress, refused for its payload) on both sides, so every sequence has the same effects. A failing
// sequence is printed whole with the command that runs it alone. dynalite not answering fails the test, saying so.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import dynalite from 'dynalite';
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';

const [cli, ...rest] = process.argv.slice(2);
const option = (name, fallback) => {
    const i = rest.indexOf(name);
    return i >= 0 ? Number(rest[i + 1]) : fallback;
};
const sequences = option('--sequences', 200);
const seed = option('--seed', 20261206);
const only = option('--only', -1);
if (!cli) {
    console.log('usage: node differential.mjs CLI [--sequences N] [--seed S] [--only I]');
    process.exit(2);
}

// The library warns on every claim made without a Lambda context: expected here, not news.
const consoleWarn = console.warn;
console.warn = (...args) => {
    if (!String(args[0]).startsWith('Could not determine remaining time left'))
        consoleWarn(...args);
};

// The item's key prefix is the function's name (the model's operation), as it is in Lambda.
process.env.AWS_LAMBDA_FUNCTION_NAME = 'handler';

const ttlS = 10; // expiresAfterSeconds
const leaseMs = 3000; // the Lambda context's remaining time, when one is registered
const epoch = 1_800_000_000_000; // the virtual clock's zero: a whole second, so both sides round alike

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

// DynamoDB's item cap, and the size of a completed item besides its handler's answer of B bytes of JSON
// (`{"padding":"x…","result_id":"eN"}`), as docs/manual/stores.md counts it: `id` (handler# and a 24-character hash)
// 34, `expiration` 16, `status` COMPLETED 15, `validation` 34, `data` 4 + the answer as a map (B − 8), and
// `in_progress_expiration` 30 with a deadline. The model counts a time as its 10 or 13 digits; the real value may be a
// byte or a few under, so the sizes drawn here stay 20 bytes or more away from the cap.
const itemCap = 409600;
const itemBesidesAnswer = (withLease) => 34 + 16 + 15 + 34 + 4 - 8 + (withLease ? 30 : 0);
function responseBytesFor(r, withLease) {
    const kind = pick(r, [[80, 'small'], [8, 'under'], [8, 'over'], [4, 'far']]);
    if (kind === 'small')
        return 0;
    const distance = 20 + Math.floor(r() * 3000);
    const item = kind === 'under' ? itemCap - distance : kind === 'over' ? itemCap + distance : 600 * 1024;
    return item - itemBesidesAnswer(withLease);
}

// The handler's answer: B bytes of JSON when B is given (as the model pads it), else just the result id.
function answerOf(resultId, bytes) {
    const plain = { result_id: resultId };
    const fill = bytes - JSON.stringify(plain).length - 13; // "padding":"",
    return bytes && fill >= 0 ? { padding: 'x'.repeat(fill), result_id: resultId } : plain;
}

// A sequence: requests at distinct instants (multiples of 10 ms), handlers ending at odd multiples of 5 ms, so no
// arrival and no handler end ever share an instant.
function makeSequence(index) {
    const r = rng(seed + index * 7919);
    const withLease = r() < 0.5;
    const count = 2 + Math.floor(r() * 7);
    const requests = [];
    let t = 0;
    for (let i = 0; i < count; ++i) {
        t += pick(r, [[40, 10 * (1 + Math.floor(r() * 30))], [25, 10 * (100 + Math.floor(r() * 400))],
            [20, 10 * (800 + Math.floor(r() * 400))], [15, 10 * (1000 + Math.floor(r() * 300))]]);
        requests.push({
            atMs: t,
            key: pick(r, [[60, 'k1'], [30, 'k2'], [10, 'k3']]),
            body: pick(r, [[70, { amount: 100 }], [30, { amount: 200 }]]),
            handlerMs: pick(r, [[60, 5 + 10 * Math.floor(r() * 20)], [30, 5 + 10 * (200 + Math.floor(r() * 300))],
                [10, 5 + 10 * (1100 + Math.floor(r() * 100))]]),
            fails: r() < 0.15,
            responseBytes: responseBytesFor(r, withLease),
        });
    }
    return { withLease, requests };
}

// ---- the library on dynalite ----------------------------------------------------------------------------------------

let server;
let client;
let tableNumber = 0;

async function startDynalite() {
    server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
    await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', resolve);
    });
    const { port } = server.address();
    client = new DynamoDBClient({
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        credentials: { accessKeyId: 'differential', secretAccessKey: 'differential' },
        maxAttempts: 1,
        requestHandler: { requestTimeout: 5000, connectionTimeout: 2000 },
    });
}

let virtualNow = epoch;
const realDateNow = Date.now;

async function runLibrary(sequence) {
    const tableName = `idempotency_${++tableNumber}`;
    Date.now = realDateNow;
    await client.send(new CreateTableCommand({
        TableName: tableName,
        KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
        AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
        BillingMode: 'PAY_PER_REQUEST',
    }));
    // dynalite answers CreateTable with the table CREATING and makes it ACTIVE on a timer (even with createTableMs 0):
    // a first PutItem before then is ResourceNotFoundException, as on DynamoDB. Wait for ACTIVE, bounded (2 s).
    for (let tries = 0; ; ++tries) {
        const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
        if (Table.TableStatus === 'ACTIVE')
            break;
        if (tries >= 200)
            throw new Error(`table ${tableName} still ${Table.TableStatus} after 2 s`);
        await new Promise((resolve) => setTimeout(resolve, 10));
    }
    Date.now = () => virtualNow;
    const persistenceStore = new DynamoDBPersistenceLayer({ tableName, awsSdkV3Client: client });
    const config = new IdempotencyConfig({
        eventKeyJmesPath: 'key', payloadValidationJmesPath: 'body', expiresAfterSeconds: ttlS,
    });
    if (sequence.withLease)
        config.registerLambdaContext({ getRemainingTimeInMillis: () => leaseMs });
    let effects = 0;
    const gates = new Map(); // request index → its handler's resolve
    const reached = new Map(); // request index → resolves when its handler started
    const effectOf = new Map(); // request index → the effect its handler made
    const handler = async (event) => {
        await new Promise((resolve) => {
            gates.set(event.index, resolve);
            reached.get(event.index)?.();
        });
        if (event.fails)
            throw new Error('handler failed');
        effects += 1;
        effectOf.set(event.index, `e${effects}`);
        return answerOf(`e${effects}`, event.responseBytes);
    };
    const fn = makeIdempotent(handler, { persistenceStore, config });

    const outcomes = sequence.requests.map(() => null);
    const events = [];
    sequence.requests.forEach((q, i) => events.push({ t: q.atMs, i, kind: 'arrive' }));
    const settled = new Map(); // request index → its call's promise, settled into outcomes
    while (events.length > 0) {
        events.sort((a, b) => a.t - b.t || a.i - b.i);
        const e = events.shift();
        virtualNow = epoch + e.t;
        if (e.kind === 'arrive') {
            const q = sequence.requests[e.i];
            const started = new Promise((resolve) => reached.set(e.i, resolve));
            const call = fn({ index: e.i, key: q.key, body: q.body, fails: q.fails, responseBytes: q.responseBytes }).then(
                (value) => { outcomes[e.i] = { ran: gates.has(e.i), value }; },
                (error) => { outcomes[e.i] = { ran: gates.has(e.i), error: error.name }; });
            settled.set(e.i, call);
            // Up to the handler's start, or to the decision.
            await Promise.race([started, call]);
            if (gates.has(e.i))
                events.push({ t: e.t + q.handlerMs, i: e.i, kind: 'finish' });
        } else {
            gates.get(e.i)();
            await settled.get(e.i);
        }
    }
    Date.now = realDateNow;
    await client.send(new DeleteTableCommand({ TableName: tableName }));
    return outcomes.map((o, i) => {
        // The handler's effect happened, but its completion could not be written (the item cap).
        if (o.ran && o.error === 'IdempotencyPersistenceLayerError' && effectOf.has(i))
            return `executed ${effectOf.get(i)}, not saved`;
        if (o.error === 'IdempotencyAlreadyInProgressError')
            return 'conflict_in_progress';
        if (o.error === 'IdempotencyValidationError')
            return 'payload_mismatch';
        if (o.ran)
            return o.error ? `executed, failed (${o.error})` : `executed ${o.value.result_id}`;
        if (o.error)
            return `error ${o.error}`;
        return 'replayed';
    });
}

// ---- the model ---------------------------------------------------------------------------------------------------

function scenarioOf(sequence, index) {
    const service = {
        profile: 'powertools-dynamodb', ttl_ms: ttlS * 1000, fingerprint: {}, handler_ms: 0, db_ms: 0, network_ms: 0,
    };
    if (sequence.withLease)
        service.in_progress_lease_ms = leaseMs;
    const faults = [];
    sequence.requests.forEach((q, i) => {
        faults.push({ kind: 'slow_handler', handler_ms: q.handlerMs, request: i });
        if (q.fails)
            faults.push({ kind: 'handler_error', request: i });
        if (q.responseBytes)
            faults.push({ kind: 'large_response', response_bytes: q.responseBytes, request: i });
    });
    return {
        format: 'idempotency-workbench/scenario@1',
        name: `powertools-dynamodb-differential-${index}`,
        seed: 1,
        service,
        clients: [{ id: 'lambda', actor: 'a', timeout_ms: 3_600_000, retry: {} }],
        requests: sequence.requests.map((q) => ({
            at_ms: q.atMs, client: 'lambda', operation: 'handler', key: q.key, payload: q.body,
        })),
        faults,
    };
}

function runModel(sequence, index, dir) {
    const file = join(dir, `sequence-${index}.json`);
    const reportFile = join(dir, `report-${index}.json`);
    writeFileSync(file, JSON.stringify(scenarioOf(sequence, index), null, 1));
    const run = spawnSync(cli, ['run', file, '--report', reportFile], { encoding: 'utf8', timeout: 60_000 });
    if (run.status !== 0)
        throw new Error(`idempotency-workbench run exited ${run.status}: ${run.stderr}`);
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    const effectOf = new Map(report.effects.map((e) => [e.request, e.id]));
    const tooLarge = new Set(report.events.filter((e) => e.kind === 'item_too_large').map((e) => e.request));
    return report.requests.map((q) => {
        switch (q.decision) {
        case 'created':
        case 'lease_takeover':
        case 'expired_reexecuted':
            if (tooLarge.has(q.id) && effectOf.has(q.id))
                return `executed ${effectOf.get(q.id)}, not saved`;
            return q.status >= 500 || !effectOf.has(q.id) ? 'executed, failed (Error)' : `executed ${effectOf.get(q.id)}`;
        case 'replayed':
            return 'replayed';
        case 'conflict_in_progress':
        case 'payload_mismatch':
            return q.decision;
        default:
            return `decision ${q.decision}`;
        }
    });
}

// ---- the comparison -----------------------------------------------------------------------------------------------

try {
    await startDynalite();
} catch (error) {
    console.log(`FAIL: dynalite could not be started on 127.0.0.1 (${error.message}): nothing was compared`);
    process.exit(1);
}
const dir = mkdtempSync(join(tmpdir(), 'iw-dynamodb-differential-'));
let failures = 0;
let compared = 0;
let requests = 0;
const decisions = new Map();
try {
    for (let i = 0; i < sequences; ++i) {
        if (only >= 0 && i !== only)
            continue;
        const sequence = makeSequence(i);
        let library;
        try {
            library = await runLibrary(sequence);
        } catch (error) {
            console.log(`FAIL: dynalite did not answer the library (${error.name}: ${error.message}): sequence ${i} `
                + 'was not compared');
            process.exit(1);
        }
        const model = runModel(sequence, i, dir);
        compared += 1;
        requests += sequence.requests.length;
        const same = library.length === model.length && library.every((d, k) => d === model[k]);
        for (const d of library) {
            const word = d.startsWith('executed, failed') ? 'failed'
                : d.endsWith(', not saved') ? 'not_saved' : d.split(' ')[0];
            decisions.set(word, (decisions.get(word) ?? 0) + 1);
        }
        if (!same) {
            failures += 1;
            console.log(`sequence ${i} differs (node differential.mjs ${cli} --seed ${seed} --only ${i}):`);
            console.log(`  lease: ${sequence.withLease ? `${leaseMs} ms` : 'none'}`);
            sequence.requests.forEach((q, k) => {
                console.log(`  r${k + 1} at ${q.atMs} ms key ${q.key} body ${JSON.stringify(q.body)} handler `
                    + `${q.handlerMs} ms${q.fails ? ' (fails)' : ''}`
                    + `${q.responseBytes ? `, answer ${q.responseBytes} bytes` : ''}: library "${library[k]}", model "${model[k]}"`);
            });
        }
    }
} finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
}
console.log(`${compared} sequences, ${requests} requests compared; the library's answers: `
    + [...decisions].map(([d, n]) => `${d} ${n}`).join(', '));
if (compared === 0) {
    console.log('FAIL: no sequence was compared');
    process.exit(1);
}
if (failures > 0) {
    console.log(`FAIL: ${failures} of ${compared} sequences differ`);
    process.exit(1);
}
console.log('PASS: the powertools-dynamodb model and the real DynamoDB persistence layer agree on every sequence');
