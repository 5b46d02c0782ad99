// Shared by the Node client tests: start `idempotency-workbench serve --port 0` with a scenario, read the bound
// address from its first line, read its report, stop it. Every wait is bounded.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const running = new Set(); // servers to kill if a case fails before it stops its own

export function scenario(service, faults) {
    return {
        format: 'idempotency-workbench/scenario@1', name: 'node-client', seed: 1, service,
        clients: [{ id: 'c', actor: 'a', timeout_ms: 1000, retry: {} }],
        requests: [{ at_ms: 0, client: 'c', operation: 'x', key: 'k', payload: {} }],
        faults,
    };
}

// The scenario the real-client cases of issue 41 serve: the stripe profile (a key is optional), the first attempt of
// each of `client`'s orders loses its answer, and a request that says it is `crashy` crashes after its effect.
export function realClientScenario(client) {
    return scenario({ profile: 'stripe', handler_ms: 20 }, [
        { kind: 'drop_response', client, attempt: 1 },
        { kind: 'crash_after_effect', client: 'crashy' },
    ]);
}

// What `run` on a recording must give again, request by request (docs/reference/serve.md): decision, attempt, client outcome, effect.
export function truth(report) {
    const withEffect = new Set(report.effects.map((e) => e.request));
    return report.requests.map((r) => [r.decision, r.attempt, r.client_outcome, withEffect.has(r.id)]);
}

// `options.record`: serve writes --report and --record, and stopAndRerun() runs the recording.
export async function startServe(cli, scenarioObject, options = {}) {
    const dir = mkdtempSync(join(tmpdir(), 'iw-node-'));
    const path = join(dir, 'scenario.json');
    writeFileSync(path, JSON.stringify(scenarioObject));
    const args = ['serve', path, '--port', '0'];
    if (options.record)
        args.push('--report', join(dir, 'report.json'), '--record', join(dir, 'record.json'));
    const child = spawn(cli, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    const url = await new Promise((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error('serve printed no "listening on" line within 20 s')), 20000);
        child.on('exit', (code) => reject(new Error(`serve exited early with ${code}`)));
        child.stdout.on('data', (chunk) => {
            out += chunk;
            const m = /^listening on (http:\/\/127\.0\.0\.1:(\d+)\/)\n/.exec(out);
            if (m) {
                clearTimeout(timer);
                resolve(m[1]);
            }
        });
    });
    running.add(child);
    child.on('exit', () => running.delete(child));
    const port = Number(new URL(url).port);
    return {
        url, port,
        async report() {
            const r = await fetch(url + '_workbench/report', { signal: AbortSignal.timeout(10000) });
            return r.json();
        },
        async stop(keep = false) {
            const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
            child.kill('SIGTERM');
            const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 20000))]);
            if (code === 'timeout')
                child.kill('SIGKILL');
            if (!keep)
                rmSync(dir, { recursive: true, force: true });
            return code;
        },
        // Stops serve, then runs its recording: { code, served, rerun } (the two reports), rerun null when `run`
        // refused the recording (its stderr in `error`).
        async stopAndRerun() {
            const code = await this.stop(true);
            try {
                const served = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
                const run = spawnSync(cli, ['run', join(dir, 'record.json'), '--report', join(dir, 'rerun.json')],
                    { encoding: 'utf8', timeout: 60000 });
                if (run.status !== 0)
                    return { code, served, rerun: null, error: run.stderr };
                return { code, served, rerun: JSON.parse(readFileSync(join(dir, 'rerun.json'), 'utf8')) };
            } finally {
                rmSync(dir, { recursive: true, force: true });
            }
        },
        kill() { child.kill('SIGKILL'); },
    };
}

let failures = 0;
export function check(condition, what) {
    if (condition) {
        console.log(`ok   ${what}`);
    } else {
        console.log(`FAIL ${what}`);
        failures += 1;
    }
}

export function equal(actual, expected, what) {
    check(JSON.stringify(actual) === JSON.stringify(expected),
        `${what}: ${JSON.stringify(actual)}${JSON.stringify(actual) === JSON.stringify(expected) ? '' : ` (expected ${JSON.stringify(expected)})`}`);
}

export function decisions(report, name) {
    return report.summary.decisions[name] ?? 0;
}

// The report of the four orders each real-client case sends, in this order: a new key per retry, one key for every
// retry, no key, and a crash. New-key and keyless retries are suspected duplicates, the same-key retry a replay, the
// crash `dropped` on the wire.
export function checkRealClientReport(rep) {
    const orders = new Map(); // by fingerprint, in order of arrival
    for (const r of rep.requests) {
        if (!orders.has(r.fingerprint))
            orders.set(r.fingerprint, []);
        orders.get(r.fingerprint).push(r);
    }
    equal(orders.size, 4, 'orders');
    const [newKey = [], sameKey = [], keyless = [], crash = []] = [...orders.values()];
    equal(newKey.map((r) => r.decision), ['created', 'created'], 'a new key per retry: decisions');
    equal(newKey.map((r) => r.client_outcome), ['dropped', 'response'], 'a new key per retry: what the client saw');
    equal(newKey.map((r) => r.suspected_intent), newKey.map(() => newKey[0]?.id), 'a new key per retry: one suspected intent');
    equal(newKey.map((r) => r.attempt), [1, 2], 'a new key per retry: attempts within it');
    equal(sameKey.map((r) => r.decision), ['created', 'replayed'], 'one key: decisions');
    equal(sameKey.map((r) => r.suspected_intent), [null, null], 'one key: not suspected');
    equal(keyless.map((r) => r.decision), ['unprotected', 'unprotected'], 'no key: decisions');
    equal(keyless.map((r) => r.suspected_intent), keyless.map(() => keyless[0]?.id), 'no key: one suspected intent');
    equal(crash.map((r) => [r.decision, r.client_outcome]), [['crashed', 'dropped']], 'the crash, as the client saw it');
    equal(rep.summary.suspected_duplicate_effects, 2, 'suspected duplicate effects');
    equal(rep.summary.duplicate_effects, 0, 'confirmed duplicate effects');
}

// serve stopped, then `run` on its recording gives what was served, request by request.
export async function checkRecording(server) {
    const { code, served, rerun, error } = await server.stopAndRerun();
    equal(code, 0, 'serve stopped');
    check(rerun !== null, `run takes the recording${error ? ': ' + error : ''}`);
    if (rerun)
        equal(truth(rerun), truth(served), 'run on the recording, request by request');
}

// Runs each named case with its own server; exits 1 if any check failed. A hard timer bounds the whole run.
export async function runCases(cli, cases, budgetMs = 120000) {
    const hard = setTimeout(() => {
        console.log(`FAIL the cases did not finish within ${budgetMs} ms`);
        for (const child of running)
            child.kill('SIGKILL');
        process.exit(1);
    }, budgetMs);
    hard.unref();
    for (const [name, body] of cases) {
        console.log(`--- ${name}`);
        try {
            await body();
        } catch (e) {
            check(false, `${name} threw: ${e && e.stack ? e.stack : e}`);
        }
        for (const child of running)
            child.kill('SIGKILL');
    }
    console.log(failures === 0 ? 'all checks passed' : `${failures} check(s) failed`);
    process.exit(failures === 0 ? 0 : 1);
}
