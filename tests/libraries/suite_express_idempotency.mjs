// express-idempotency 1.0.6's own mocha tests (github VilledeMontreal/express-idempotency at the 1.0.6 release,
// commit 6b054b1), translated into HTTP requests against `idempotency-workbench serve` under the
// `express-idempotency` profile (docs/reference/decisions.md#profiles): one case per original test that exercises behaviour, named as the
// original. A line per original test:
//
// src/services/idempotencyService.test.ts
//   "pass through the request without alteration if no idempotency key"  → translated
//   "returns same response for same idempotency key"                       → translated; the original cannot fail
//       at its conflict step: the middleware answers the conflict through next(error) and never throws, so the
//       try block's own assert.fail('Expected conflict error') is what its catch catches. Translated as meant: the
//       concurrent request is refused with 409.
//   "removes resource if error reported"                                   → translated (the handler fails: a
//       non-2xx answer removes the resource as reportError does)
//   "indicates misuse of the idempotency key"                              → translated; the original cannot fail
//       either: misuse is answered through next(error) (417), so its catch catches its own assert.fail. Translated
//       as meant: another URL with the same key is refused with 417.
//   "ignores response if not valid for persistence"                        → translated (a 422 answer is not
//       persisted: the same request runs again)
//   "handles correctly error while persisting resource"                    → translated as meant: when the
//       resource cannot be removed (the store is down at the deletion), a retry with the key is refused as in
//       progress. The original's first half cannot fail either (its catch catches its own assert.fail).
// src/defaults/defaultIntentValidator.test.ts
//   "validates the intent"                                                 → translated (same request: replayed)
//   "detects unmatching url"                                               → translated (417)
//   "detects unmatching method"                                            → translated (417)
//   "detects unmatching query parameters"                                  → translated; the original passes a body
//       of `idempotencyRequest.body.deepCl` (undefined), so its body differs too and it would pass without any
//       query check. Translated as meant: only the query differs.
//   "detects unmatching body"                                              → translated (417)
// src/defaults/successfulResponseValidator.test.ts
//   "returns true when http status code is ok (200 >= x >= 299)"           → translated for 200, 201, 299 (kept and
//       replayed) and 300 (not kept: runs again); 199 is not a final HTTP status a client can receive.
// Not translated, since they exercise no behaviour over HTTP: src/middleware/idempotency.test.ts ("returns an error
// if not initialized", "returns valid function and instantiate idempotency service": the module's singleton) and
// src/defaults/inMemoryDataAdapter.test.ts (the adapter's list operations, which serve's store stands for).
//
//   node suite_express_idempotency.mjs CLI
import { servedScenario, startServe, send, whileRunning, check, equal, runCases } from './harness.mjs';

const cli = process.argv[2];
const profile = { profile: 'express-idempotency' };
const html = (message) => '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n'
    + `</head>\n<body>\n<pre>${message}</pre>\n</body>\n</html>\n`;

const main = await startServe(cli, servedScenario(profile, { handlerMs: 30, slowMs: 600 }));
const port = main.port;
const post = (path, key, body, extra = []) => send(port, {
    method: 'POST', path, body,
    headers: [...(key === null ? [] : [['Idempotency-Key', key]]), ...extra],
});

const cases = [];
const test = (name, run) => cases.push({ name, run: async () => { await main.reset(); await run(); } });

test('pass through the request without alteration if no idempotency key', async () => {
    const a = await post('/orders', null, '{"amount":1}');
    const b = await post('/orders', null, '{"amount":1}');
    equal([a.status, b.status], [201, 201], 'both run');
    check(a.body !== b.body, `two effects, two results: ${a.body} ${b.body}`);
    equal(a.headers['idempotency-key'], undefined, 'no key echoed');
    equal((await main.summary()).effects, 2, 'effects');
});

test('returns same response for same idempotency key', async () => {
    const [a, conflict] = await whileRunning(main,
        () => post('/orders', 'k-same', '{"amount":1}', [['X-Client', 'slow']]),
        () => post('/orders', 'k-same', '{"amount":1}'));
    equal(conflict.status, 409, 'a request while the first is in progress is refused');
    equal(conflict.body, html('Conflict'), 'the refusal is Express\'s error page');
    const again = await post('/orders', 'k-same', '{"amount":1}');
    equal([again.status, again.body], [a.status, a.body], 'the same response');
    equal(again.headers['idempotent-replayed'], undefined, 'no replay marker');
    equal(again.headers['idempotency-key'], 'k-same', 'the key echoed');
    equal((await main.summary()).effects, 1, 'effects');
});

test('removes resource if error reported', async () => {
    const failed = await post('/orders', 'k-err', '{"amount":1}', [['X-Client', 'fail']]);
    equal(failed.status, 500, 'the handler failed');
    const retry = await post('/orders', 'k-err', '{"amount":1}');
    equal(retry.status, 201, 'the resource was removed: the retry runs');
    equal((await main.summary()).effects, 1, 'effects');
});

test('indicates misuse of the idempotency key', async () => {
    const a = await post('/something', 'k-misuse', '{}');
    equal(a.status, 201, 'first');
    const b = await post('/something-else', 'k-misuse', '{}');
    equal(b.status, 417, 'another URL with the key');
    equal(b.body, html('Expectation Failed'), 'Express\'s error page');
    equal(b.headers['content-type'], 'text/html; charset=utf-8', 'its content type');
});

test('ignores response if not valid for persistence', async () => {
    const a = await post('/orders', 'k-422', '{"amount":1}', [['X-Client', 'fail422']]);
    equal(a.status, 422, 'a 4xx answer');
    const b = await post('/orders', 'k-422', '{"amount":1}');
    equal(b.status, 201, 'not persisted: the same request runs again');
    equal((await main.summary()).decisions?.replayed ?? 0, 0, 'no replay');
});

test('handles correctly error while persisting resource', async () => {
    // The store is down from 300 ms: the claim (at once) works, the deletion after the failed 1 s handler does not.
    const scenario = servedScenario({ ...profile, handler_ms: 1000 });
    scenario.faults.push({ kind: 'db_down', from_ms: 300, to_ms: 100000 });
    const down = await startServe(cli, scenario);
    try {
        const a = await send(down.port, { method: 'POST', path: '/orders', body: '{}',
            headers: [['Idempotency-Key', 'k-stuck'], ['X-Client', 'fail']] });
        equal(a.status, 503, 'the deletion failed');
        await send(down.port, { method: 'POST', path: '/_workbench/clock', body: '{"advance_ms": 100000}' });
        const b = await send(down.port, { method: 'POST', path: '/orders', body: '{}',
            headers: [['Idempotency-Key', 'k-stuck']] });
        equal(b.status, 409, 'the resource stayed: the retry is refused as in progress');
        equal((await down.summary()).effects, 0, 'effects');
    } finally {
        await down.stop();
    }
});

const intent = '{"property1":"z","property2":"y","nestedProperties":{"nestedProperty1":"a","nestedProperty2":"b"}}';
const path = '/something/path?param1=a&param2=b';
test('validates the intent', async () => {
    const a = await post(path, 'k-intent', intent);
    const b = await post(path, 'k-intent',
        '{"nestedProperties":{"nestedProperty2":"b","nestedProperty1":"a"},"property2":"y","property1":"z"}');
    equal([b.status, b.body], [a.status, a.body], 'the same intent (members in another order) is replayed');
    equal((await main.summary()).effects, 1, 'effects');
});
test('detects unmatching url', async () => {
    await post(path, 'k-url', intent);
    equal((await post('/something/wrong-path?param1=a&param2=b', 'k-url', intent)).status, 417, 'another path');
});
test('detects unmatching method', async () => {
    await post(path, 'k-method', intent);
    const b = await send(port, { method: 'PUT', path, body: intent, headers: [['Idempotency-Key', 'k-method']] });
    equal(b.status, 417, 'another method');
});
test('detects unmatching query parameters', async () => {
    await post(path, 'k-query', intent);
    equal((await post('/something/path?param1=a&param2=c', 'k-query', intent)).status, 417, 'another query');
});
test('detects unmatching body', async () => {
    await post(path, 'k-body', intent);
    const other = intent.replace('"nestedProperty2":"b"', '"nestedProperty2":"d"');
    equal((await post(path, 'k-body', other)).status, 417, 'another body');
});

test('returns true when http status code is ok (200 >= x >= 299)', async () => {
    // The handler answers each status (a handler_error fault per client); 2xx answers are kept, 300 is not.
    const scenario = servedScenario(profile);
    scenario.faults = [200, 201, 299, 300].map((status) => ({ kind: 'handler_error', client: `s${status}`, status }));
    const s = await startServe(cli, scenario);
    try {
        for (const status of [200, 201, 299, 300]) {
            const h = [['Idempotency-Key', `k-${status}`], ['X-Client', `s${status}`]];
            const a = await send(s.port, { method: 'POST', path: '/orders', body: '{}', headers: h });
            equal(a.status, status, `the handler answered ${status}`);
            const b = await send(s.port, { method: 'POST', path: '/orders', body: '{}',
                headers: [['Idempotency-Key', `k-${status}`]] });
            if (status <= 299)
                equal([b.status, b.body], [a.status, a.body], `${status} kept: the same answer again`);
            else
                equal(b.status, 201, `${status} not kept: the request runs again`);
        }
    } finally {
        await s.stop();
    }
});

await runCases('express-idempotency suite', cases, { cleanup: () => main.stop() });
