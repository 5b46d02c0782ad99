// axios with axios-retry (issue 41), as people run it: axios-retry's default condition retries any request, a keyless
// POST included, after a network error (a connection closed without an answer). Four orders under the stripe
// profile: a key minted anew on each retry (onRetry), one key for every retry, no key, and a crash. The report must
// show the new-key and keyless retries as suspected duplicates, the same-key retry as a replay, the crash as dropped;
// `run` on the recording must give the same, request by request.
// Usage: node axios_client.mjs PATH/TO/idempotency-workbench
import { randomUUID } from 'node:crypto';
import axios from 'axios';
import axiosRetry from 'axios-retry';
import { startServe, realClientScenario, runCases, check, equal, checkRealClientReport, checkRecording }
    from './serve.mjs';

const cli = process.argv[2];
if (!cli) {
    console.error('usage: node axios_client.mjs PATH/TO/idempotency-workbench');
    process.exit(2);
}

// An axios instance with axios-retry's defaults (3 retries, its default retry condition), no delay between tries.
function client(onRetry = () => {}) {
    const instance = axios.create({ timeout: 10000, validateStatus: () => true });
    axiosRetry(instance, { retryDelay: () => 0, onRetry });
    return instance;
}

const cases = [
    ['four orders, each as axios-retry sends it', async () => {
        const server = await startServe(cli, realClientScenario('axios'), { record: true });
        try {
            const orders = server.url + 'v1/orders';
            // A key minted anew on each retry: the anti-pattern.
            const fresh = client((count, error, config) => {
                config.headers['Idempotency-Key'] = randomUUID();
            });
            const a = await fresh.post(orders, { amount: 1 }, { headers: { 'Idempotency-Key': randomUUID() } });
            equal(a.headers['idempotency-decision'], 'created', 'a new key per retry: the retry is created again');
            // One key for every retry.
            const b = await client().post(orders, { amount: 2 }, { headers: { 'Idempotency-Key': randomUUID() } });
            equal(b.headers['idempotency-decision'], 'replayed', 'one key: the retry is a replay');
            // No key: axios-retry retries the POST all the same.
            const c = await client().post(orders, { amount: 3 });
            equal(c.headers['idempotency-decision'], 'unprotected', 'no key: the retry runs the handler again');
            // A crash after the effect, not retried: the connection closes without a byte.
            let crashed = false;
            try {
                await axios.post(orders, { amount: 4 },
                    { timeout: 10000, headers: { 'Idempotency-Key': randomUUID(), 'X-Client': 'crashy' } });
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
