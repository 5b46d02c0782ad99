// The traffic every evidence fixture sends through its tool to `serve`, and serve's faults: a replay, a payload
// mismatch, a lost response then its retry, a crash after the effect then its retry, a client minting a new key for
// its retry, a double submit, and a request without a key. `tellIntent`: the new-key client sends X-Intent, so serve
// counts its two executions as one intent's duplicate — as reconstruct's suspected intents do when the evidence
// carries the bodies (nginx's $request_body, a HAR's postData); spans carry no body, so with them it is not sent.
export function servedScenario(name) {
    return {
        format: 'idempotency-workbench/scenario@1', name, seed: 1,
        service: { profile: 'ietf', handler_ms: 150 },
        clients: [{ id: 'c', actor: 'a', timeout_ms: 1000, retry: {} }],
        requests: [{ at_ms: 0, client: 'c', operation: 'x', key: 'k', payload: {} }],
        faults: [
            { kind: 'drop_response', client: 'dropper', attempt: 1 },
            { kind: 'crash_after_effect', client: 'crasher', attempt: 1 },
        ],
    };
}

export async function post(url, { key, client, body, actor = 'alice', intent, timeoutMs = 5000 }) {
    const headers = { 'Content-Type': 'application/json', 'X-Client': client, 'X-Actor': actor,
        'User-Agent': 'fixture/1.0' };
    if (key !== undefined)
        headers['Idempotency-Key'] = `"${key}"`;
    if (intent)
        headers['X-Intent'] = intent;
    try {
        const r = await fetch(url + 'v1/orders', { method: 'POST', headers, body: JSON.stringify(body),
            signal: AbortSignal.timeout(timeoutMs) });
        await r.text();
        return r.status;
    } catch {
        return 0;
    }
}

export async function traffic(u, { send = post, tellIntent = true } = {}) {
    const body = (n) => ({ amount: n, currency: 'EUR' });
    await send(u, { key: 'k1', client: 'shop', body: body(1) });
    await send(u, { key: 'k1', client: 'shop', body: body(1) });
    await send(u, { key: 'k2', client: 'shop', body: body(2) });
    await send(u, { key: 'k2', client: 'shop', body: body(3) });
    await send(u, { key: 'k3', client: 'dropper', body: body(4) });
    await send(u, { key: 'k3', client: 'dropper', body: body(4) });
    await send(u, { key: 'k4', client: 'crasher', body: body(5) });
    await send(u, { key: 'k4', client: 'crasher', body: body(5) });
    await send(u, { key: 'k5', client: 'newkey', body: body(6), intent: tellIntent ? 'order-6' : undefined });
    await send(u, { key: 'k6', client: 'newkey', body: body(6), intent: tellIntent ? 'order-6' : undefined });
    await Promise.all([send(u, { key: 'k7', client: 'tabs', body: body(7) }),
        send(u, { key: 'k7', client: 'tabs', body: body(7) })]);
    await send(u, { client: 'shop', body: body(8) });
}

// For a browser: Chromium resends a POST by itself when a reused connection closes without an answer (a
// drop_response or a crash), and a HAR shows only what the page saw — so the browser's traffic meets the faults that
// keep the connection: a handler that fails after it began (500, stored, then replayed) and a handler slower than
// the page waits (the page gives up; its retry gets the replay).
export function browserScenario(name) {
    const s = servedScenario(name);
    s.faults = [
        { kind: 'handler_error', client: 'failing', attempt: 1, status: 500 },
        { kind: 'slow_handler', client: 'slowpoke', attempt: 1, handler_ms: 1500 },
    ];
    return s;
}

export async function browserTraffic(u, { send = post } = {}) {
    const body = (n) => ({ amount: n, currency: 'EUR' });
    await send(u, { key: 'k1', client: 'shop', body: body(1) });
    await send(u, { key: 'k1', client: 'shop', body: body(1) });
    await send(u, { key: 'k2', client: 'shop', body: body(2) });
    await send(u, { key: 'k2', client: 'shop', body: body(3) });
    await send(u, { key: 'k3', client: 'slowpoke', body: body(4), timeoutMs: 500 });
    await new Promise((r) => setTimeout(r, 1500));
    await send(u, { key: 'k3', client: 'slowpoke', body: body(4) });
    await send(u, { key: 'k4', client: 'failing', body: body(5) });
    await send(u, { key: 'k4', client: 'failing', body: body(5) });
    await send(u, { key: 'k5', client: 'newkey', body: body(6), intent: 'order-6' });
    await send(u, { key: 'k6', client: 'newkey', body: body(6), intent: 'order-6' });
    await Promise.all([send(u, { key: 'k7', client: 'tabs', body: body(7) }),
        send(u, { key: 'k7', client: 'tabs', body: body(7) })]);
    await send(u, { client: 'shop', body: body(8) });
}
