// A small Node `fetch` client with the anti-pattern of issue 15 item 4: it mints a NEW Idempotency-Key on every
// retry, so the service cannot tell a retry from a new order. X-Intent tells the service the attempts are one
// logical operation, so the report counts the duplicate effects. The same loop reusing one key is the control.
// Usage: node fetch_client.mjs PATH/TO/idempotency-workbench
import { randomUUID } from 'node:crypto';
import { startServe, scenario, runCases, equal } from './serve.mjs';

const cli = process.argv[2];
if (!cli) {
    console.error('usage: node fetch_client.mjs PATH/TO/idempotency-workbench');
    process.exit(2);
}

// Up to `attempts` POSTs of one order; a lost response (a network error) is retried at once. `newKeyPerRetry`
// is the bug under test. Returns how many attempts were sent.
async function createOrder(url, intent, attempts, newKeyPerRetry) {
    let key = randomUUID();
    for (let attempt = 1; attempt <= attempts; ++attempt) {
        if (attempt > 1 && newKeyPerRetry)
            key = randomUUID();
        try {
            const r = await fetch(url + 'v1/orders', {
                method: 'POST',
                headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `"${key}"`,
                    'X-Client': 'fetch-app', 'X-Intent': intent },
                body: JSON.stringify({ amount: 100, currency: 'EUR' }),
                signal: AbortSignal.timeout(10000),
            });
            await r.text();
            if (r.status < 500)
                return attempt;
        } catch {
            // the connection closed without an answer: retry
        }
    }
    return attempts;
}

function faultOnEveryAttempt() {
    return scenario({ profile: 'ietf' }, [{ kind: 'drop_response', client: 'fetch-app' }]);
}

const cases = [
    ['a new key per retry: every retry runs the handler again', async () => {
        const server = await startServe(cli, faultOnEveryAttempt());
        try {
            equal(await createOrder(server.url, 'order-1', 3, true), 3, 'attempts sent');
            const rep = await server.report();
            equal(rep.requests.length, 3, 'requests served');
            equal(new Set(rep.requests.map((r) => r.key)).size, 3, 'distinct keys');
            equal(rep.requests.map((r) => r.decision), ['created', 'created', 'created'], 'decisions');
            equal(rep.summary.effects, 3, 'effects');
            equal(rep.summary.duplicate_effects, 2, 'duplicate effects');
            equal(rep.summary.intents_with_duplicates, 1, 'intents with duplicates');
        } finally {
            await server.stop();
        }
    }],
    ['the control: one key for every retry, one effect', async () => {
        const server = await startServe(cli, faultOnEveryAttempt());
        try {
            equal(await createOrder(server.url, 'order-1', 3, false), 3, 'attempts sent');
            const rep = await server.report();
            equal(rep.requests.length, 3, 'requests served');
            equal(new Set(rep.requests.map((r) => r.key)).size, 1, 'distinct keys');
            equal(rep.requests.map((r) => r.decision), ['created', 'replayed', 'replayed'], 'decisions');
            equal(rep.summary.effects, 1, 'effects');
            equal(rep.summary.duplicate_effects, 0, 'duplicate effects');
        } finally {
            await server.stop();
        }
    }],
];

await runCases(cli, cases);
