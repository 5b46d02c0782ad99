// node-idempotency's own jest e2e tests (github mahendraHegde/node-idempotency at the @node-idempotency/core 1.0.11
// release, commit 9a60eca), translated into HTTP requests against `idempotency-workbench serve` under the
// `node-idempotency` profile (docs/reference/decisions.md#profiles): one case per original test, named as the original. A line per original:
//
// packages/plugin-express/tests/e2e/idempotency.spec.ts — run, as the original runs it, under both configurations
// of its test app (enforceIdempotency: true, keyMaxLength: 3; "with wait strategy" adds inProgressStrategy
// {wait: true, maxWaitMs: 10000}: here require_key true, max_key_length 3, in_progress_wait_ms 10000), each
// configuration one app whose state the tests share (key "1" is used on GET / and on GET /json):
//   "should return a cached response when key is reused"                        → translated
//   "should return a cached response when key is reused for json endpoint"      → translated
//   "should return a cached response when key is reused with request body"      → translated
//   "should return a cached error when key is reused"                           → translated (GET /error: the
//       handler fails with 500, X-Client: fail)
//   "should return 400 when idempotency key is not sent when its needed"        → translated
//   "should return 400 when idempotency key exceeds length"                     → translated
//   "should return success for both / a conflict when parallel requests are made" → translated (GET /slow: a
//       500 ms handler, X-Client: slow)
//   "should return error when different body is used for the same key"         → translated
// The app's handlers answer their own bodies ("1", {counter: 1}); serve's handler answers {"result_id": …}: the
// translation checks what the tests check of the library — the same status and body again, the replay marker, the
// refusals' status, {code, message} body and Retry-After — and counts effects where the original counts calls.
// packages/core/tests/e2e/idempotency.spec.ts — the core's API with its default options (the profile's defaults):
//   "should cache request and return response on subsequent request with matching idempotency key" → translated
//   "should wait for in-progress request and return response when completed"  → translated (in_progress_wait_ms)
//   "should throw error when waiting times out"                               → translated (in_progress_wait_ms 100)
//   "should skip the request when method specified returns true"              → not translated: skipRequest is a
//       function the application passes per request; serve has no such hook (a request without a key is what it
//       skips to)
//   "should allow overriding cacheKeyPrefix"                                   → not translated: the prefix
//       separates tenants sharing one store; one serve is one key space (a second serve is another tenant)
//
//   node suite_node_idempotency.mjs CLI
import { servedScenario, startServe, send, whileRunning, check, equal, runCases } from './harness.mjs';

const cli = process.argv[2];
const replayed = (r) => r.headers['idempotent-replayed'];
const configs = [
    { name: 'without wait strategy', service: { profile: 'node-idempotency', require_key: true, max_key_length: 3 } },
    { name: 'with wait strategy',
        service: { profile: 'node-idempotency', require_key: true, max_key_length: 3, in_progress_wait_ms: 10000 } },
];

const servers = [];
const cases = [];
for (const { name, service } of configs) {
    const server = await startServe(cli, servedScenario(service, { handlerMs: 20, slowMs: 500 }));
    servers.push(server);
    const port = server.port;
    const get = (path, key, client) => send(port, { method: 'GET', path,
        headers: [...(key === undefined ? [] : [['Idempotency-Key', key]]), ...(client ? [['X-Client', client]] : [])] });
    const post = (path, key, body) => send(port, { method: 'POST', path, body, headers: [['Idempotency-Key', key]] });
    const test = (title, run) => cases.push({ name: `Node-Idempotency ${name} ${title}`, run });
    let effects = 0; // the app's state is shared by its tests, as the original's beforeAll app is
    const effectsNow = async (added, what) => {
        effects += added;
        equal((await server.summary()).effects, effects, what);
    };

    test('should return a cached response when key is reused', async () => {
        const res1 = await get('/', '1');
        const res2 = await get('/', '1');
        equal([res2.status, res2.body], [res1.status, res1.body], 'the same answer');
        equal([replayed(res1), replayed(res2)], [undefined, 'true'], 'Idempotent-Replayed');
        await effectsNow(1, 'one effect');
    });
    test('should return a cached response when key is reused for json endpoint', async () => {
        const res1 = await get('/json', '1');
        const res2 = await get('/json', '1');
        equal(res1.headers['content-type'], 'application/json; charset=utf-8', 'JSON');
        equal([res2.status, res2.body], [res1.status, res1.body], 'the same answer');
        equal([replayed(res1), replayed(res2)], [undefined, 'true'], 'Idempotent-Replayed');
        await effectsNow(1, 'key "1" on another path is another cache key: one more effect');
    });
    test('should return a cached response when key is reused with request body', async () => {
        const res1 = await post('/', '4', '{"number":2}');
        const res2 = await post('/', '4', '{"number":2}');
        equal(res1.status, 201, 'created');
        equal([res2.status, res2.body], [res1.status, res1.body], 'the same answer');
        equal([replayed(res1), replayed(res2)], [undefined, 'true'], 'Idempotent-Replayed');
        await effectsNow(1, 'one effect');
    });
    test('should return a cached error when key is reused', async () => {
        const res1 = await get('/error', '5', 'fail');
        const res2 = await get('/error', '5', 'fail');
        equal(res1.status, 500, 'the handler failed');
        equal([res2.status, res2.body], [res1.status, res1.body], 'the same error');
        equal([replayed(res1), replayed(res2)], [undefined, 'true'], 'Idempotent-Replayed');
    });
    test('should return 400 when idempotency key is not sent when its needed', async () => {
        const r = await get('/');
        equal(r.status, 400, 'status');
        equal(JSON.parse(r.body), { code: 'IDEMPOTENCY_KEY_LEN_EXEEDED', message: 'Idempotency-Key is missing' },
            'the library\'s own error for a missing key');
    });
    test('should return 400 when idempotency key exceeds length', async () => {
        const r = await get('/', '2345678');
        equal(r.status, 400, 'status');
        equal(JSON.parse(r.body).code, 'IDEMPOTENCY_KEY_LEN_EXEEDED', 'code');
    });
    const wait = name === 'with wait strategy';
    test(`should return ${wait ? 'success for both' : 'a conflict'} when parallel requests are made`, async () => {
        const [res1, res2] = await whileRunning(server, () => get('/slow', '2', 'slow'), () => get('/slow', '2'));
        if (wait) {
            equal([res1.status, res2.status], [201, 201], 'both succeed');
            equal(res2.body, res1.body, 'with the same body');
            equal(replayed(res2), 'true', 'the second is the first\'s answer');
        } else {
            equal([res1.status, res2.status], [201, 409], 'one success, one conflict');
            equal(JSON.parse(res2.body),
                { code: 'REQUEST_IN_PROGRESS', message: 'A request is outstanding for this Idempotency-Key' },
                'the conflict body');
            equal(res2.headers['retry-after'], '1', 'Retry-After');
        }
        await effectsNow(1, 'one effect');
    });
    test('should return error when different body is used for the same key', async () => {
        const res1 = await post('/', '3', '{"number":1}');
        const res2 = await post('/', '3', '{"number":2}');
        equal([res1.status, res2.status], [201, 422], 'created, then refused');
        equal(JSON.parse(res2.body),
            { code: 'IDEMPOTENCY_FINGERPRINT_MISSMATCH', message: 'Idempotency-Key is already used' }, 'the body');
        equal([replayed(res1), replayed(res2)], [undefined, undefined], 'no replay marker');
        await effectsNow(1, 'one effect');
    });
}

// The core's e2e tests, each on a serve of its own with the core's default options.
const core = (title, service, run) => cases.push({ name: `Idempotency (Integration Test) ${title}`, run: async () => {
    const s = await startServe(cli, servedScenario({ profile: 'node-idempotency', ...service }, { slowMs: 600 }));
    try {
        await run(s.port, s);
    } finally {
        await s.stop();
    }
} });
core('should cache request and return response on subsequent request with matching idempotency key', {},
    async (port, s) => {
        const req = { method: 'POST', path: '/pay', body: '{"a":"a"}', headers: [['Idempotency-Key', '1']] };
        const first = await send(port, req);
        const cached = await send(port, req);
        equal([cached.status, cached.body], [first.status, first.body], 'the cached response');
        equal(replayed(cached), 'true', 'replayed');
        equal((await s.summary()).effects, 1, 'one effect');
    });
core('should wait for in-progress request and return response when completed', { in_progress_wait_ms: 1000 },
    async (port, s) => {
        const req = (client) => ({ method: 'POST', path: '/wait', body: '{"test":"wait"}',
            headers: [['Idempotency-Key', 'wait-test'], ...(client ? [['X-Client', client]] : [])] });
        const [first, second] = await whileRunning(s, () => send(port, req('slow')), () => send(port, req()));
        equal([second.status, second.body], [first.status, first.body], 'the waiting request gets the response');
    });
core('should throw error when waiting times out', { in_progress_wait_ms: 100 }, async (port, s) => {
    const req = (client) => ({ method: 'POST', path: '/timeout', body: '{"test":"timeout"}',
        headers: [['Idempotency-Key', 'timeout-test'], ...(client ? [['X-Client', client]] : [])] });
    const [, second] = await whileRunning(s, () => send(port, req('slow')), () => send(port, req()));
    equal(second.status, 409, 'refused');
    equal(JSON.parse(second.body).message, 'Timed out waiting for in-progress request to complete', 'the message');
    check(second.headers['retry-after'] === '1', 'Retry-After: 1');
});

await runCases('node-idempotency suite', cases, { cleanup: async () => { for (const s of servers) await s.stop(); } });
