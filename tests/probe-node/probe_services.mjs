// `idempotency-workbench probe` against services nobody here wrote (docs/reference/probe.md, issue 44 item 3): the two Express
// middlewares of the profiles issue, each identified as its profile with the differences named; a check-then-insert
// service that must fail `concurrent` and `lost_response`; and a service behind TLS with a test CA made here with
// openssl. Everything listens on 127.0.0.1; every wait is bounded.
//
// usage: node probe_services.mjs /path/to/idempotency-workbench
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkThenInsertService, expressIdempotencyService, nodeIdempotencyService } from './services.mjs';

const cli = process.argv[2];
let failures = 0;
let passes = 0;
function check(condition, what) {
    if (condition) {
        passes += 1;
        console.log(`ok   ${what}`);
    } else {
        failures += 1;
        console.log(`FAIL ${what}`);
    }
}

function probe(args, timeoutMs = 120000) {
    return new Promise((resolve) => {
        const child = spawn(cli, ['probe', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        child.stdout.on('data', (c) => (out += c));
        child.stderr.on('data', (c) => (err += c));
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        child.on('exit', (code, signal) => {
            clearTimeout(timer);
            resolve({ code: signal ? signal : code, out, err });
        });
    });
}

// The profile names the binary knows: a profile that has landed is asked for by name.
function knowsProfile(name) {
    return spawnSync(cli, ['probe', 'http://127.0.0.1:9/', '--profile', name, '--dry-run'], { encoding: 'utf8' }).status === 0;
}

const common = ['--body', '{"amount":100,"note":"first"}', '--significant', '/amount', '--result-id', '/id',
    '--auth', 'Bearer probe-secret-one', '--auth-other', 'Bearer probe-secret-two', '--slow-body', '{"amount":5}', '--json'];

function verdicts(report) {
    return Object.fromEntries(report.checks.map((c) => [c.name, c.verdict]));
}

function differenceChecks(report) {
    return [...new Set(report.nearest.differences.map((d) => d.split(':')[0]))].sort();
}

async function probeService(start, tls, extra = []) {
    const service = await start(tls);
    const port = service.server.address().port;
    const url = `${tls ? 'https://localhost' : 'http://127.0.0.1'}:${port}/orders`;
    const result = await probe([url, ...common, ...extra]);
    service.server.close();
    service.server.closeAllConnections?.();
    let report = null;
    try {
        report = JSON.parse(result.out);
    } catch {
        console.log(result.err);
    }
    return { result, report, effects: service.effects() };
}

function noSecrets(label, text) {
    check(!text.includes('probe-secret-one') && !text.includes('probe-secret-two'), `${label}: no Authorization value in the output`);
}

// Each middleware is identified as its profile once that profile exists; until then, the card's nearest profile and
// the checks it names as different are asserted (they are what set each library apart from the four profiles).
async function middleware(start, profile, fallbackNearest, fallbackDifferences) {
    const { result, report, effects } = await probeService(start, null);
    check(report !== null, `${profile}: probe --json printed a probe@1 report`);
    if (!report)
        return;
    noSecrets(profile, result.out + result.err);
    check(report.format === 'idempotency-workbench/probe@1', `${profile}: format`);
    const v = verdicts(report);
    check(v.concurrent === 'pass', `${profile}: concurrent passes (one execution by result id), got ${v.concurrent}`);
    check(v.lost_response === 'pass', `${profile}: lost_response passes, got ${v.lost_response}`);
    if (knowsProfile(profile)) {
        // The library is identified as its profile: the nearest, and the only one it matches if it matches any.
        check(report.nearest.profile === profile, `${profile}: nearest is its own profile, got ${report.nearest.profile}`);
        check(report.matches.every((m) => m === profile),
            `${profile}: matches no other profile, got ${JSON.stringify(report.matches)}`);
        console.log(`note ${profile}: differences from its profile: ${JSON.stringify(report.nearest.differences)}`);
    } else {
        console.log(`note ${profile}: the profile is not in this build yet; asserting the nearest profile and its differences`);
        check(report.matches.length === 0, `${profile}: matches none of the profiles there are, got ${JSON.stringify(report.matches)}`);
        check(report.nearest.profile === fallbackNearest, `${profile}: nearest ${fallbackNearest}, got ${report.nearest.profile}`);
        check(JSON.stringify(differenceChecks(report)) === JSON.stringify(fallbackDifferences),
            `${profile}: differences in ${fallbackDifferences.join(', ')}, got ${differenceChecks(report).join(', ')}`);
        check(result.code === 1, `${profile}: exit 1 (checks fail against the nearest), got ${result.code}`);
    }
    check(effects > 0, `${profile}: the service created orders (${effects})`);
}

function makeCertificates() {
    const dir = mkdtempSync(join(tmpdir(), 'iw-probe-tls-'));
    const run = (args) => spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
    const steps = [
        ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=probe test CA',
            '-keyout', 'ca.key', '-out', 'ca.pem'],
        ['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-keyout', 'server.key', '-out', 'server.csr'],
    ];
    for (const s of steps) {
        const r = run(s);
        if (r.status !== 0)
            throw new Error(`openssl ${s[0]} failed: ${r.stderr}`);
    }
    writeFileSync(join(dir, 'ext.cnf'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
    const r = run(['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial',
        '-days', '2', '-extfile', 'ext.cnf', '-out', 'server.pem']);
    if (r.status !== 0)
        throw new Error(`openssl x509 failed: ${r.stderr}`);
    return {
        dir,
        ca: join(dir, 'ca.pem'),
        tls: { key: readFileSync(join(dir, 'server.key')), cert: readFileSync(join(dir, 'server.pem')) },
    };
}

const timer = setTimeout(() => {
    console.log('FAIL the whole test took longer than 8 minutes');
    process.exit(1);
}, 8 * 60 * 1000);

// express-idempotency 1.0.6: no replay marker, 417 for a changed body, one key space for everyone, the header's raw
// text as the key with no length limit.
await middleware(expressIdempotencyService, 'express-idempotency', 'stripe',
    ['key_syntax', 'mismatch_significant', 'other_actor', 'replay']);
// @node-idempotency/core 1.0.11: no key required, one key space per method and path, raw keys up to 256 characters.
await middleware(nodeIdempotencyService, 'node-idempotency', 'ietf', ['key_syntax', 'missing_key', 'other_actor']);

// Check-then-insert: every request that finds no row runs, so concurrent copies and a retry while the first runs
// create orders too, and their INSERTs fail as 500s.
{
    const { result, report, effects } = await probeService(checkThenInsertService, null);
    check(report !== null, 'check-then-insert: a report');
    if (report) {
        const v = verdicts(report);
        check(v.concurrent === 'fail', `check-then-insert: concurrent fails, got ${v.concurrent}`);
        check(v.lost_response === 'fail', `check-then-insert: lost_response fails, got ${v.lost_response}`);
        check(result.code === 1, `check-then-insert: exit 1, got ${result.code}`);
        const concurrent = report.checks.find((c) => c.name === 'concurrent');
        check(concurrent.exchanges.some((e) => e.response && e.response.status === 500),
            'check-then-insert: the concurrent evidence holds the 500s');
        check(!/^1 execution/.test(concurrent.observed.split('; ')[1] ?? ''),
            `check-then-insert: the card does not claim one execution: "${concurrent.observed}"`);
    }
    check(effects > 16, `check-then-insert: the service ran more orders than the probe's intents (${effects})`);
}

// A service behind TLS, verified against the test CA; without the CA the handshake is refused: exit 3, one sentence.
{
    let certs = null;
    try {
        certs = makeCertificates();
    } catch (e) {
        check(false, `TLS: a test CA and certificate made with openssl (${e.message})`);
    }
    if (certs) {
        const { result, report } = await probeService(expressIdempotencyService, certs.tls,
            ['--cacert', certs.ca, '--checks', 'replay,concurrent']);
        check(report !== null && report.target.startsWith('https://'), 'TLS: probe over https with --cacert');
        if (report)
            check(verdicts(report).concurrent === 'pass' && verdicts(report).replay !== undefined,
                `TLS: checks ran over TLS (${JSON.stringify(verdicts(report))})`);
        const service = await expressIdempotencyService(certs.tls);
        const port = service.server.address().port;
        const refused = await probe([`https://localhost:${port}/orders`, '--checks', 'replay']);
        service.server.close();
        service.server.closeAllConnections?.();
        check(refused.code === 3, `TLS without the CA: exit 3, got ${refused.code}`);
        check(/TLS handshake/.test(refused.err) && refused.err.trim().split('\n').length === 1,
            `TLS without the CA: one sentence naming the handshake: ${refused.err.trim()}`);
        rmSync(certs.dir, { recursive: true, force: true });
    }
}

clearTimeout(timer);
console.log(`${passes} passed, ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
