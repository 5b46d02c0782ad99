// A HAR captured by headless Chromium (issue 47 item 5): Debian's chromium, driven over the DevTools protocol by the
// pinned chrome-remote-interface, runs the fixture traffic as fetch() calls from a page of serve's own origin; the
// Network domain's events become a HAR 1.2 file; `reconstruct` must rebuild from it what serve recorded. Skips (77)
// without chromium. Usage: node chromium_fixture.mjs PATH/TO/idempotency-workbench
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import CDP from 'chrome-remote-interface';
import { startServe, runCases, check, equal } from './serve.mjs';
import { freePort, cli, sleep, compareWithServe } from './evidence.mjs';
import { browserTraffic, browserScenario, post } from './traffic.mjs';

const binary = process.argv[2];
const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
if (!binary) {
    console.error('usage: node chromium_fixture.mjs PATH/TO/idempotency-workbench');
    process.exit(2);
}
if (!chromium) {
    console.log('skipped: chromium is not installed (Debian package chromium)');
    process.exit(77);
}

async function startChromium(dir) {
    const port = await freePort();
    const child = spawn(chromium, ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
        `--user-data-dir=${join(dir, 'profile')}`, `--remote-debugging-port=${port}`, '--remote-debugging-address=127.0.0.1',
        'about:blank'], { stdio: ['ignore', 'ignore', 'ignore'], detached: false });
    const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    const deadline = Date.now() + 30000;
    for (;;) {
        try {
            const r = await fetch(`http://127.0.0.1:${port}/json/version`, { signal: AbortSignal.timeout(1000) });
            if (r.ok)
                break;
        } catch {
        }
        if (Date.now() > deadline) {
            child.kill('SIGKILL');
            throw new Error('chromium did not open its DevTools port within 30 s');
        }
        await sleep(200);
    }
    return {
        port,
        async stop() {
            child.kill('SIGTERM');
            const code = await Promise.race([exited, sleep(10000).then(() => 'timeout')]);
            if (code === 'timeout')
                child.kill('SIGKILL');
        },
    };
}

const headerList = (h) => Object.entries(h || {}).map(([name, value]) => ({ name, value: String(value) }));

// The Network domain's events of the page, as HAR 1.2 entries (what DevTools' "Save all as HAR" writes).
function recorder(client) {
    const byId = new Map();
    const order = [];
    client.Network.requestWillBeSent(({ requestId, request, timestamp, wallTime }) => {
        if (byId.has(requestId))
            return;
        byId.set(requestId, { request, start: timestamp, wallTime, response: null, end: null, error: null, body: null });
        order.push(requestId);
    });
    client.Network.responseReceived(({ requestId, response }) => {
        const e = byId.get(requestId);
        if (e)
            e.response = response;
    });
    client.Network.loadingFinished(async ({ requestId, timestamp }) => {
        const e = byId.get(requestId);
        if (!e)
            return;
        e.end = timestamp;
        try {
            e.body = await client.Network.getResponseBody({ requestId });
        } catch {
        }
    });
    client.Network.loadingFailed(({ requestId, timestamp, errorText, canceled }) => {
        const e = byId.get(requestId);
        if (e) {
            e.end = timestamp;
            e.error = canceled ? 'net::ERR_ABORTED' : errorText;
        }
    });
    return () => ({
        log: {
            version: '1.2', creator: { name: 'chrome-remote-interface (DevTools protocol)', version: '0.34.0' },
            pages: [],
            entries: order.map((id) => byId.get(id)).filter((e) => !e.request.url.endsWith('/favicon.ico')).map((e) => {
                const entry = {
                    startedDateTime: new Date(e.wallTime * 1000).toISOString(),
                    time: e.end !== null ? (e.end - e.start) * 1000 : -1,
                    request: { method: e.request.method, url: e.request.url, httpVersion: 'HTTP/1.1',
                        headers: headerList(e.request.headers), queryString: [], cookies: [], headersSize: -1,
                        bodySize: e.request.postData ? e.request.postData.length : 0 },
                    response: { status: e.response ? e.response.status : 0, statusText: e.response ? e.response.statusText : '',
                        httpVersion: 'HTTP/1.1', headers: headerList(e.response && e.response.headers), cookies: [],
                        content: { size: e.body ? e.body.body.length : 0,
                            mimeType: (e.response && e.response.mimeType) || 'x-unknown' },
                        redirectURL: '', headersSize: -1, bodySize: -1 },
                    cache: {}, timings: { send: 0, wait: e.end !== null ? (e.end - e.start) * 1000 : -1, receive: 0 },
                };
                if (e.request.postData)
                    entry.request.postData = { mimeType: e.request.headers['Content-Type'] || '', text: e.request.postData };
                if (e.body)
                    Object.assign(entry.response.content, e.body.base64Encoded
                        ? { text: e.body.body, encoding: 'base64' } : { text: e.body.body });
                if (e.error)
                    entry._error = e.error;
                return entry;
            }),
        },
    });
}

const cases = [
    ['a HAR of headless Chromium posting to serve with faults', async () => {
        const dir = mkdtempSync(join(tmpdir(), 'iw-chromium-'));
        const server = await startServe(binary, browserScenario('chromium-fixture'));
        const browser = await startChromium(dir);
        let client;
        try {
            client = await CDP({ host: '127.0.0.1', port: browser.port });
            await client.Page.enable();
            // A page of serve's own origin, so the page's fetch() calls are same-origin (no CORS preflight).
            await client.Page.navigate({ url: server.url + '_workbench/policy' });
            await client.Page.loadEventFired();
            await client.Network.enable();
            const har = recorder(client);
            // The fixture traffic, run inside the page: each send() is a fetch() of the page.
            const send = async (u, options) => {
                const expr = `(${post.toString()})(${JSON.stringify(u)}, ${JSON.stringify(options)})`;
                const r = await client.Runtime.evaluate({ expression: expr, awaitPromise: true, returnByValue: true });
                return r.result.value;
            };
            await browserTraffic(server.url, { send });
            await sleep(500);
            const served = await server.report();
            // The browser asks for /favicon.ico on its own whenever it likes: not the page's traffic.
            const ignore = ['GET /favicon.ico'];
            served.requests = served.requests.filter((q) => !ignore.includes(q.operation));
            const harFile = join(dir, 'session.har');
            writeFileSync(harFile, JSON.stringify(har(), null, 1));
            const entries = har().log.entries;
            equal(entries.length, served.requests.length, 'the HAR has an entry per request serve saw');

            const r = await cli(binary, ['reconstruct', harFile, '--check', '--report', join(dir, 'report.json'),
                '--scenario', join(dir, 'incident.json')]);
            const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
            equal(r.code, report.violations.length > 0 ? 1 : 0,
                `reconstruct --check exits 1 exactly when it found a violation (stderr: ${r.stderr.trim()})`);
            equal(report.files[0].format, 'har', 'read as HAR');
            equal(report.summary.exchanges, served.requests.length, 'every entry became an exchange');
            const idOf = (x) => {
                const e = entries[x.evidence.entry];
                const h = e.response.headers.find((h) => h.name.toLowerCase() === 'idempotency-request');
                if (h)
                    return h.value;
                const k = e.request.headers.find((h) => h.name.toLowerCase() === 'idempotency-key');
                const s = served.requests.find((q) => k && `"${q.key}"` === k.value && q.client_outcome !== 'response');
                return s ? s.id : null;
            };
            await compareWithServe({ binary, report, served, idOf, check, equal, dir });
            check(report.violations.some((v) => v.kind === 'duplicate_execution' && v.suspected),
                'the new-key retry is a suspected duplicate');
            const text = readFileSync(join(dir, 'report.json'), 'utf8') + readFileSync(join(dir, 'incident.json'), 'utf8');
            check(!text.includes('EUR'), 'no body copied into the report or the scenario');
            if (process.env.IW_KEEP_FIXTURE)
                console.log(`kept ${dir}`);
        } finally {
            if (client)
                await client.close();
            await browser.stop();
            await server.stop();
            if (!process.env.IW_KEEP_FIXTURE)
                rmSync(dir, { recursive: true, force: true });
        }
    }],
];

await runCases(binary, cases, 150000);
