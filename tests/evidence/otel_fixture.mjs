// OTLP/JSON spans from the OpenTelemetry JS SDK (issue 47 item 5): a small instrumented Node gateway
// (otel_service.cjs) in front of `serve` with faults; `reconstruct` must rebuild from the spans alone what serve
// recorded. The SDK comes pinned from npm (package-lock.json), installed by the evidence_install set-up test.
// Usage: node otel_fixture.mjs PATH/TO/idempotency-workbench
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServe, runCases, check, equal } from './serve.mjs';
import { cli, sleep, compareWithServe } from './evidence.mjs';
import { traffic, servedScenario } from './traffic.mjs';

const binary = process.argv[2];
if (!binary) {
    console.error('usage: node otel_fixture.mjs PATH/TO/idempotency-workbench');
    process.exit(2);
}
const here = dirname(fileURLToPath(import.meta.url));

async function startGateway(upstreamPort, out) {
    const child = spawn(process.execPath, [join(here, 'otel_service.cjs'), String(upstreamPort), out], {
        stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, OTEL_SEMCONV_STABILITY_OPT_IN: 'http' } });
    const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    const port = await new Promise((resolve, reject) => {
        let text = '';
        const timer = setTimeout(() => reject(new Error('the gateway did not start within 20 s')), 20000);
        child.on('exit', (code) => reject(new Error(`the gateway exited early with ${code}`)));
        child.stdout.on('data', (c) => {
            text += c;
            const m = /listening on (\d+)/.exec(text);
            if (m) {
                clearTimeout(timer);
                resolve(Number(m[1]));
            }
        });
    });
    return {
        url: `http://127.0.0.1:${port}/`,
        async stop() {
            child.kill('SIGTERM');
            const code = await Promise.race([exited, sleep(10000).then(() => 'timeout')]);
            if (code === 'timeout')
                child.kill('SIGKILL');
            return code;
        },
    };
}

const cases = [
    ['OpenTelemetry JS spans of a gateway in front of serve with faults', async () => {
        const dir = mkdtempSync(join(tmpdir(), 'iw-otel-'));
        const server = await startServe(binary, servedScenario('otel-fixture'));
        const spansFile = join(dir, 'spans.json');
        const gateway = await startGateway(server.port, spansFile);
        try {
            await traffic(gateway.url, { tellIntent: false });
            await sleep(300);
            const served = await server.report();
            equal(await gateway.stop(), 0, 'the gateway wrote its spans and stopped');
            const otlp = JSON.parse(readFileSync(spansFile, 'utf8'));
            check(Array.isArray(otlp.resourceSpans), 'the SDK wrote OTLP/JSON (resourceSpans)');

            const r = await cli(binary, ['reconstruct', spansFile, '--check', '--report', join(dir, 'report.json'),
                '--scenario', join(dir, 'incident.json')]);
            const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
            equal(r.code, report.violations.length > 0 ? 1 : 0,
                `reconstruct --check exits 1 exactly when it found a violation (stderr: ${r.stderr.trim()})`);
            equal(report.files[0].format, 'otlp', 'read as OTLP');
            equal(report.summary.exchanges, served.requests.length, 'every server span became an exchange');
            // Join on serve's request id, which the gateway passed back as a response header; a span the service
            // never answered is serve's request of that key whose client got nothing.
            const spans = new Map();
            for (const rs of otlp.resourceSpans)
                for (const ss of rs.scopeSpans)
                    for (const s of ss.spans)
                        spans.set(s.spanId, s);
            const idOf = (x) => {
                const span = spans.get(x.evidence.span);
                const key = span && span.attributes.find((a) => a.key === 'http.request.header.idempotency-key');
                const keyText = key ? key.value.arrayValue.values[0].stringValue : null;
                const s = served.requests.find((q) => `"${q.key}"` === keyText && q.client_outcome !== 'response'
                    && x.status === null);
                if (s)
                    return s.id;
                // With an answer: the n-th answered request of that key in arrival order.
                const same = report.exchanges.filter((e) => e.key === x.key && e.status !== null);
                const answered = served.requests.filter((q) => q.key === x.key && q.client_outcome === 'response');
                const n = same.indexOf(x);
                return answered[n] ? answered[n].id : null;
            };
            await compareWithServe({ binary, report, served, idOf, check, equal, dir });
        } finally {
            await gateway.stop();
            await server.stop();
            if (!process.env.IW_KEEP_FIXTURE)
                rmSync(dir, { recursive: true, force: true });
        }
    }],
];

await runCases(binary, cases, 150000);
