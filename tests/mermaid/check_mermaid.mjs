// Every preset's sequence, as `idempotency-workbench sequence --format mermaid` writes it, must parse with the real
// Mermaid parser (npm's mermaid, pinned in package.json, under a jsdom DOM) and keep docs/manual/teaching.md's shape: a
// sequenceDiagram, `participant` lines (client copies, service, store, effects), and exactly one `-x` arrow per
// `dropped` or `never_arrived` attempt of the intent, none elsewhere. With a route (docs/reference/routes.md) each further hop and
// its store are participants of their own (`hop<i>`, `store<i>`) between `store` and `effects`, and every call the
// intent's requests made is an arrow from its caller's hop to its hop. Every intent of every preset is drawn (up to
// a few per preset), plus the default one; at least one preset with a route must be among them.
//   node check_mermaid.mjs CLI PRESET_DIR
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';

const [cli, presetDir] = process.argv.slice(2);
if (!cli || !presetDir) {
    console.error('usage: node check_mermaid.mjs CLI PRESET_DIR');
    process.exit(2);
}
const dom = new JSDOM('<!DOCTYPE html><body></body>');
globalThis.window = dom.window;
globalThis.document = dom.window.document;
const { default: mermaid } = await import('mermaid');
mermaid.initialize({ startOnLoad: false });

// The parser must reject a broken diagram, or this test could not fail.
let rejects = false;
try {
    await mermaid.parse('sequenceDiagram\n    participant a\n    a->>>: broken\n');
} catch {
    rejects = true;
}
if (!rejects) {
    console.error('FAIL: mermaid.parse accepted a broken diagram; the check proves nothing');
    process.exit(1);
}

const failures = [];
let checked = 0;
let routed = 0;
const presets = readdirSync(presetDir).filter((f) => f.endsWith('.json')).sort();
for (const preset of presets) {
    const file = join(presetDir, preset);
    const report = JSON.parse(execFileSync(cli, ['run', file, '--format', 'json'], { encoding: 'utf8' }));
    const route = JSON.parse(readFileSync(file, 'utf8')).route || [];
    const hopIds = ['service', ...route.map((_, i) => `hop${i + 1}`)];
    const storeIds = ['store', ...route.map((_, i) => `store${i + 1}`)];
    const expectedTail = [];
    for (let h = 0; h < hopIds.length; ++h)
        expectedTail.push(hopIds[h], storeIds[h]);
    expectedTail.push('effects');
    const intents = [...new Set(report.requests.map((r) => r.intent))].slice(0, 6);
    const runs = [{ name: null }, ...intents.map((name) => ({ name }))];
    for (const { name } of runs) {
        const args = ['sequence', file, '--format', 'mermaid'];
        if (name !== null)
            args.push('--intent', name);
        const where = `${preset}${name !== null ? ` --intent ${name}` : ' (default intent)'}`;
        let text;
        try {
            text = execFileSync(cli, args, { encoding: 'utf8' });
        } catch (e) {
            failures.push(`${where}: the command failed: ${e.stderr || e.message}`);
            continue;
        }
        checked += 1;
        try {
            const result = await mermaid.parse(text);
            if (!result || result.diagramType !== 'sequence')
                failures.push(`${where}: parsed as ${result && result.diagramType}, not a sequence diagram`);
        } catch (e) {
            failures.push(`${where}: mermaid.parse: ${String(e.message).split('\n').slice(0, 3).join(' | ')}`);
            continue;
        }
        const lines = text.split('\n');
        if (lines[0] !== 'sequenceDiagram')
            failures.push(`${where}: the first line is "${lines[0]}", not sequenceDiagram`);
        const participants = lines.filter((l) => /^\s*participant /.test(l)).map((l) => l.trim().split(/\s+/)[1]);
        const n = expectedTail.length;
        const tail = participants.slice(-n).join(',');
        if (tail !== expectedTail.join(','))
            failures.push(`${where}: the participants end with ${tail}, expected ${expectedTail.join(',')}`);
        if (participants.length < n + 1 || !participants.slice(0, -n).every((p) => /^c\d+$/.test(p)))
            failures.push(`${where}: the client copies do not come first: ${participants.join(',')}`);
        for (let h = 1; h < hopIds.length; ++h) {
            const named = lines.find((l) => l.trim().startsWith(`participant ${hopIds[h]} as `));
            if (!named || named.trim() !== `participant ${hopIds[h]} as ${route[h - 1].name}`)
                failures.push(`${where}: ${hopIds[h]} is not named ${route[h - 1].name}: ${named}`);
        }
        // Which intent was drawn: the named one, or docs/manual/teaching.md's default.
        let intent = name;
        if (intent === null) {
            const dup = report.effects.find((e) => e.duplicate);
            intent = dup ? dup.intent : report.requests.length ? report.requests[0].intent : null;
        }
        const lost = report.requests.filter(
            (r) => r.intent === intent && (r.client_outcome === 'dropped' || r.client_outcome === 'never_arrived'),
        ).length;
        const crosses = lines.filter((l) => /^\s*\S+-x\S+:/.test(l)).length;
        if (crosses !== lost)
            failures.push(`${where}: ${crosses} -x arrow(s), but the report has ${lost} dropped/never_arrived attempt(s)`);
        // Every call of the intent leaves its caller's hop for its own: one arrow per call request, labelled with it.
        if (route.length) {
            routed += 1;
            for (const r of report.requests.filter((q) => q.intent === intent && q.parent !== null)) {
                const hop = route.findIndex((h) => h.name === r.hop) + 1;
                const [from, to] = [hopIds[hop - 1], hopIds[hop]];
                const arrow = new RegExp(`^\\s*${from}-(>>|x)${to}: ${r.id} `);
                if (!lines.some((l) => arrow.test(l)))
                    failures.push(`${where}: no arrow ${from} → ${to} for the call ${r.id}`);
            }
        }
    }
}
if (routed === 0)
    failures.push('no preset with a route was drawn: the hop lanes went unchecked');
for (const f of failures)
    console.error('FAIL: ' + f);
console.log(`${checked} diagrams of ${presets.length} presets checked, ${failures.length} failure(s)`);
process.exit(failures.length ? 1 : 0);
