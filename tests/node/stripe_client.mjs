// The real Stripe Node SDK (the `stripe` package pinned in package.json) against `serve` on loopback (docs/reference/serve.md,
// issue 15 item 4). Usage: node stripe_client.mjs PATH/TO/idempotency-workbench
// Each case starts its own server, lets the SDK create a customer with X-Intent sent through its per-request
// `headers` option, and asserts what GET /_workbench/report says afterwards.
import Stripe from 'stripe';
import { startServe, scenario, runCases, check, equal, decisions } from './serve.mjs';

const cli = process.argv[2];
if (!cli) {
    console.error('usage: node stripe_client.mjs PATH/TO/idempotency-workbench');
    process.exit(2);
}

function sdk(server, maxNetworkRetries) {
    return new Stripe('sk_test_workbench', {
        host: '127.0.0.1', port: server.port, protocol: 'http', maxNetworkRetries, timeout: 10000,
        telemetry: false,
    });
}

async function outcome(promise) {
    try {
        return { ok: true, value: await promise };
    } catch (e) {
        return { ok: false, error: e };
    }
}

const cases = [
    // Retries on, the first response lost: the SDK's retry carries the key it minted and gets the replay.
    ['retry carries the same key and gets the replay', async () => {
        const server = await startServe(cli, scenario({ profile: 'stripe' },
            [{ kind: 'drop_response', client: 'Stripe', attempt: 1 }]));
        try {
            const got = await outcome(sdk(server, 2).customers.create({ name: 'Ada' },
                { headers: { 'X-Intent': 'checkout-1' } }));
            check(got.ok, `the SDK call succeeded${got.ok ? '' : ': ' + got.error}`);
            if (got.ok)
                equal(got.value.lastResponse.headers['idempotent-replayed'], 'true', 'its answer is the replay');
            const rep = await server.report();
            equal(rep.requests.length, 2, 'requests served');
            const [first, retry] = rep.requests;
            check(typeof first.key === 'string' && first.key.startsWith('stripe-node-retry-'),
                `the SDK minted a key: ${first.key}`);
            equal(retry.key, first.key, 'the retry carries the same key');
            equal(rep.requests.map((r) => r.client), ['Stripe', 'Stripe'], 'client named from the User-Agent');
            equal(rep.requests.map((r) => r.decision), ['created', 'replayed'], 'decisions');
            equal(first.client_outcome, 'dropped', 'the first response was lost');
            equal(rep.summary.effects, 1, 'effects');
            equal(rep.summary.duplicate_effects, 0, 'duplicate effects');
        } finally {
            await server.stop();
        }
    }],
    // A fault on every attempt: the SDK gives up after its retries (1 + maxNetworkRetries attempts), one effect.
    ['a fault on every attempt: it gives up after its retries, one effect', async () => {
        const server = await startServe(cli, scenario({ profile: 'stripe' },
            [{ kind: 'drop_response', client: 'Stripe' }]));
        try {
            const got = await outcome(sdk(server, 2).customers.create({ name: 'Ada' },
                { headers: { 'X-Intent': 'checkout-2' } }));
            check(!got.ok && got.error.type === 'StripeConnectionError',
                `the SDK gave up with a connection error${got.ok ? ' (it succeeded)' : ': ' + got.error.type}`);
            const rep = await server.report();
            equal(rep.requests.length, 3, 'requests served (1 + maxNetworkRetries 2)');
            equal(new Set(rep.requests.map((r) => r.key)).size, 1, 'one key on every attempt');
            equal(rep.requests.map((r) => r.attempt), [1, 2, 3], 'attempts');
            equal(rep.requests.map((r) => r.decision), ['created', 'replayed', 'replayed'], 'decisions');
            equal(rep.summary.effects, 1, 'effects');
            equal(rep.summary.duplicate_effects, 0, 'duplicate effects');
        } finally {
            await server.stop();
        }
    }],
    // The hazard of this SDK version: with maxNetworkRetries 0 it sends a POST with no key (_defaultIdempotencyKey
    // keys a v1 POST only when retries are on), yet _shouldRetry re-sends once on a closed connection (ECONNRESET)
    // whatever maxNetworkRetries says. Under the stripe profile a key is optional: the lost response becomes a
    // second execution. (The keyless re-send is attempt 1 of its own, so drop_response strikes it too.)
    ['maxNetworkRetries 0: a keyless POST re-sent on a closed connection runs twice', async () => {
        const server = await startServe(cli, scenario({ profile: 'stripe' },
            [{ kind: 'drop_response', client: 'Stripe', attempt: 1 }]));
        try {
            const got = await outcome(sdk(server, 0).customers.create({ name: 'Ada' },
                { headers: { 'X-Intent': 'checkout-3' } }));
            check(!got.ok, `the SDK call failed after its silent re-send${got.ok ? ' (it succeeded)' : ''}`);
            const rep = await server.report();
            equal(rep.requests.length, 2, 'requests served: the SDK re-sent once although maxNetworkRetries is 0');
            equal(rep.requests.map((r) => r.key), [null, null], 'no key on either');
            equal(rep.requests.map((r) => r.decision), ['unprotected', 'unprotected'], 'decisions');
            equal(rep.summary.effects, 2, 'effects');
            equal(rep.summary.duplicate_effects, 1, 'duplicate effects');
            equal(rep.summary.intents_with_duplicates, 1, 'intents with duplicates');
        } finally {
            await server.stop();
        }
    }],
    // The control for the hazard: the same keyless call with no fault is sent once and runs once.
    ['maxNetworkRetries 0 without a fault: one request, one effect', async () => {
        const server = await startServe(cli, scenario({ profile: 'stripe' }, []));
        try {
            const got = await outcome(sdk(server, 0).customers.create({ name: 'Ada' },
                { headers: { 'X-Intent': 'checkout-4' } }));
            check(got.ok, `the SDK call succeeded${got.ok ? '' : ': ' + got.error}`);
            const rep = await server.report();
            equal(rep.requests.length, 1, 'requests served');
            equal(rep.requests[0].key, null, 'no key');
            equal(rep.summary.effects, 1, 'effects');
        } finally {
            await server.stop();
        }
    }],
    // What this SDK does with a refusal: it raises an error only when the body has an `error` member (Stripe's own
    // shape); an RFC 9457 problem document has none, so a 400 payload_mismatch resolves as if it were the resource.
    // A client on this SDK must look at lastResponse.statusCode (or the Idempotency-Decision header) itself.
    ['a refusal in a problem document resolves: the SDK reads errors only from an `error` member', async () => {
        const server = await startServe(cli, scenario({ profile: 'stripe' }, []));
        try {
            const stripe = sdk(server, 0);
            const key = 'order-7f3a';
            const first = await outcome(stripe.paymentIntents.create({ amount: 2000, currency: 'eur' },
                { idempotencyKey: key }));
            check(first.ok, `the first call succeeded${first.ok ? '' : ': ' + first.error}`);
            const other = await outcome(stripe.paymentIntents.create({ amount: 9999, currency: 'eur' },
                { idempotencyKey: key }));
            check(other.ok, `the mismatch did not raise${other.ok ? '' : ': ' + other.error.type}`);
            if (other.ok) {
                equal(other.value.lastResponse.statusCode, 400, 'its status (the stripe profile answers a mismatch 400)');
                equal(other.value.lastResponse.headers['idempotency-decision'], 'payload_mismatch', 'its decision');
                equal(other.value.decision, 'payload_mismatch', 'the problem document became the "resource"');
            }
            const rep = await server.report();
            equal(rep.requests.map((r) => r.decision), ['created', 'payload_mismatch'], 'decisions');
            equal(rep.summary.effects, 1, 'effects');
        } finally {
            await server.stop();
        }
    }],
];

await runCases(cli, cases);
