// got with POST retries enabled (issue 41): got retries only idempotent methods unless told; here `retry.methods`
// includes POST, as people set it. Four orders under the stripe profile: a key minted anew on each retry (a
// beforeRetry hook), one key for every retry, no key, and a crash. The report must show the new-key and keyless
// retries as suspected duplicates, the same-key retry as a replay, the crash as dropped; `run` on the recording must
// give the same, request by request.
// Usage: node got_client.mjs PATH/TO/idempotency-workbench
import { randomUUID } from 'node:crypto';
import got from 'got';
import { startServe, realClientScenario, runCases, check, equal, checkRealClientReport, checkRecording }
    from './serve.mjs';

const cli = process.argv[2];
if (!cli) {
    console.error('usage: node got_client.mjs PATH/TO/idempotency-workbench');
    process.exit(2);
}

// got with POST among the retried methods, at most two retries, none delayed; answers of any status are returned.
function client(beforeRetry = []) {
    return got.extend({
        retry: { limit: 2, methods: ['POST'], calculateDelay: ({ computedValue }) => (computedValue ? 1 : 0) },
        timeout: { request: 10000 },
        throwHttpErrors: false,
        hooks: { beforeRetry },
    });
}

const cases = [
    ['four orders, each as got sends it with POST retries', async () => {
        const server = await startServe(cli, realClientScenario('got'), { record: true });
        try {
            const orders = server.url + 'v1/orders';
            // A key minted anew on each retry: the anti-pattern.
            const fresh = client([(error) => {
                error.options.headers['idempotency-key'] = randomUUID();
            }]);
            const a = await fresh.post(orders, { json: { amount: 1 }, headers: { 'idempotency-key': randomUUID() } });
            equal(a.headers['idempotency-decision'], 'created', 'a new key per retry: the retry is created again');
            const b = await client().post(orders, { json: { amount: 2 }, headers: { 'idempotency-key': randomUUID() } });
            equal(b.headers['idempotency-decision'], 'replayed', 'one key: the retry is a replay');
            const c = await client().post(orders, { json: { amount: 3 } });
            equal(c.headers['idempotency-decision'], 'unprotected', 'no key: the retry runs the handler again');
            let crashed = false;
            try {
                await got.post(orders, { json: { amount: 4 }, retry: { limit: 0 }, timeout: { request: 10000 },
                    headers: { 'idempotency-key': randomUUID(), 'x-client': 'crashy' } });
            } catch (e) {
                crashed = !e.response;
            }
            check(crashed, 'the crash: no answer');
            checkRealClientReport(await server.report());
            await checkRecording(server);
        } finally {
            await server.stop();
        }
    }],
];

await runCases(cli, cases);
