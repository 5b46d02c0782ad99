// Shared by the evidence fixture tests (docs/reference/reconstruct.md, issue 47 item 5): real tools on loopback produce the evidence of
// traffic to `idempotency-workbench serve`; `reconstruct` must tell what serve itself recorded. Every wait is bounded
// and every process started here is stopped here, by its own handle.
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { readFileSync } from 'node:fs';

export function freePort() {
    return new Promise((resolve, reject) => {
        const s = createServer();
        s.once('error', reject);
        s.listen(0, '127.0.0.1', () => {
            const { port } = s.address();
            s.close(() => resolve(port));
        });
    });
}

// Runs the workbench's command line; resolves { code, stdout, stderr }.
export function cli(binary, args, timeoutMs = 60000) {
    return new Promise((resolve) => {
        execFile(binary, args, { timeout: timeoutMs, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
            resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
        });
    });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// What serve recorded against what the evidence was rebuilt into: the decision of every exchange the evidence
// decides (joined on serve's request id through `idOf`), the replayed scenario's effects, duplicates and decisions.
// `ignore`: operations serve saw that the evidence leaves out by design (a browser's own favicon request).
export async function compareWithServe({ binary, report, served, idOf, check, equal, dir, ignore = [] }) {
    const kept = served.requests.filter((r) => !ignore.includes(r.operation));
    const decisions = {};
    for (const r of kept)
        if (r.decision !== null)
            decisions[r.decision] = (decisions[r.decision] ?? 0) + 1;
    const byId = new Map(served.requests.map((r) => [r.id, r]));
    let compared = 0;
    for (const x of report.exchanges) {
        const id = idOf(x);
        const s = byId.get(id);
        check(s !== undefined, `${x.id} (${x.evidence.where}) joins serve's ${id}`);
        if (!s)
            continue;
        if (x.decision !== null) {
            equal(x.decision, s.decision, `${x.id} ${id}: decision`);
            compared += 1;
        } else {
            check(s.client_outcome !== 'response' || s.decision === null,
                `${x.id} ${id}: no answer in the evidence, and serve answered nothing (${s.client_outcome})`);
        }
    }
    check(compared > 0, `decisions compared: ${compared}`);
    const dups = report.violations.filter((v) => v.kind === 'duplicate_execution').length;
    equal(dups, served.summary.duplicate_effects, 'duplicate executions found = serve\'s duplicate effects');
    const run = await cli(binary, ['run', `${dir}/incident.json`, '--check']);
    equal(run.code, 0, `run --check on the rebuilt scenario (${run.stderr.trim()})`);
    const replay = JSON.parse(run.stdout);
    equal(replay.summary.effects, served.summary.effects, 'the scenario replays to serve\'s effects');
    equal(replay.summary.duplicate_effects, served.summary.duplicate_effects,
        'the scenario replays to serve\'s duplicate effects');
    equal(replay.summary.decisions, Object.fromEntries(Object.entries(decisions).sort()),
        'the scenario replays to serve\'s decisions');
}

export function readJson(path) {
    return JSON.parse(readFileSync(path, 'utf8'));
}
