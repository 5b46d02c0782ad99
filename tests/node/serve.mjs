// Shared by the Node client tests: start `idempotency-workbench serve --port 0` with a scenario, read the bound
// address from its first line, read its report, stop it. Every wait is bounded.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
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

export async function startServe(cli, scenarioObject) {
    const dir = mkdtempSync(join(tmpdir(), 'iw-node-'));
    const path = join(dir, 'scenario.json');
    writeFileSync(path, JSON.stringify(scenarioObject));
    const child = spawn(cli, ['serve', path, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
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
        async stop() {
            const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
            child.kill('SIGTERM');
            const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 20000))]);
            if (code === 'timeout')
                child.kill('SIGKILL');
            rmSync(dir, { recursive: true, force: true });
            return code;
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
