// A real nginx from Debian in front of `serve` (issue 47 item 5): nginx logs every request as one JSON line
// (`log_format … escape=json` with $http_idempotency_key), serve injects faults, and `reconstruct` must rebuild from
// nginx's log alone what serve recorded. Skips (77) when nginx is not installed.
// Usage: node nginx_fixture.mjs PATH/TO/idempotency-workbench
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync, readFileSync, rmSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServe, runCases, check, equal } from './serve.mjs';
import { freePort, cli, sleep, compareWithServe } from './evidence.mjs';
import { traffic, servedScenario } from './traffic.mjs';

const binary = process.argv[2];
const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
if (!binary) {
    console.error('usage: node nginx_fixture.mjs PATH/TO/idempotency-workbench');
    process.exit(2);
}
if (!nginxBinary) {
    console.log('skipped: nginx is not installed (Debian package nginx)');
    process.exit(77);
}

const logFormat = `log_format iw escape=json '{"msec":"$msec","request_time":"$request_time",'
    '"method":"$request_method","uri":"$request_uri","status":"$status","remote_user":"$remote_user",'
    '"x_actor":"$http_x_actor","x_client":"$http_x_client","user_agent":"$http_user_agent",'
    '"idempotency_key":"$http_idempotency_key","idempotent_replayed":"$upstream_http_idempotent_replayed",'
    '"upstream_bytes_received":"$upstream_bytes_received","request_body":"$request_body",'
    '"served_as":"$upstream_http_idempotency_request"}';`;

async function startNginx(dir, upstreamPort) {
    const port = await freePort();
    const conf = `daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
    ${logFormat}
    access_log ${dir}/access.log iw;
    client_body_temp_path ${dir}/body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    client_body_buffer_size 64k;
    server {
        listen 127.0.0.1:${port};
        location = /nginx-ready {
            access_log off;
            return 204;
        }
        location / {
            proxy_pass http://127.0.0.1:${upstreamPort};
            proxy_http_version 1.1;
            proxy_read_timeout 10s;
        }
    }
}
`;
    writeFileSync(join(dir, 'nginx.conf'), conf);
    const child = spawn(nginxBinary, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')],
        { stdio: ['ignore', 'inherit', 'inherit'] });
    const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    // Ready when it answers (any status) within 10 s.
    const deadline = Date.now() + 10000;
    for (;;) {
        try {
            await fetch(`http://127.0.0.1:${port}/nginx-ready`, { signal: AbortSignal.timeout(1000) });
            break;
        } catch {
            if (Date.now() > deadline)
                throw new Error('nginx did not answer within 10 s');
            await sleep(100);
        }
    }
    return {
        url: `http://127.0.0.1:${port}/`,
        async stop() {
            child.kill('SIGQUIT');
            const code = await Promise.race([exited, sleep(10000).then(() => 'timeout')]);
            if (code === 'timeout')
                child.kill('SIGKILL');
        },
    };
}

const cases = [
    ['nginx escape=json log in front of serve with faults', async () => {
        const dir = mkdtempSync(join(tmpdir(), 'iw-nginx-'));
        const server = await startServe(binary, servedScenario('nginx-fixture'));
        const nginx = await startNginx(dir, server.port);
        try {
            await traffic(nginx.url);
            await sleep(300);
            const served = await server.report();
            await nginx.stop();
            copyFileSync(join(dir, 'access.log'), join(dir, 'access.copy.log'));
            const log = readFileSync(join(dir, 'access.log'), 'utf8').split('\n').filter((l) => l.length);
            equal(log.length, served.requests.length, 'nginx logged every request serve saw');

            const r = await cli(binary, ['reconstruct', join(dir, 'access.log'), '--check', '--report',
                join(dir, 'report.json'), '--scenario', join(dir, 'incident.json')]);
            equal(r.code, 1, `reconstruct --check finds the violation (stderr: ${r.stderr.trim()})`);
            const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
            equal(report.files[0].fields, 'nginx', 'the nginx preset was recognised');
            equal(report.summary.exchanges, served.requests.length, 'every line became an exchange');
            // A line nginx answered itself (the service closed without a byte) carries no request id: it is serve's
            // request of the same key that the client never got an answer for.
            const idOf = (x) => {
                const line = JSON.parse(log[x.evidence.line - 1]);
                if (line.served_as)
                    return line.served_as;
                const s = served.requests.find((q) => `"${q.key}"` === line.idempotency_key
                    && q.client_outcome !== 'response');
                return s ? s.id : null;
            };
            await compareWithServe({ binary, report, served, idOf, check, equal, dir });
            const v = report.violations.find((x) => x.kind === 'duplicate_execution');
            check(v && v.suspected && v.evidence.length === 2, 'the new-key retry is a suspected duplicate with two lines of evidence');
            // Bodies never leave the evidence without --keep-bodies.
            const text = readFileSync(join(dir, 'report.json'), 'utf8') + readFileSync(join(dir, 'incident.json'), 'utf8');
            check(!text.includes('"currency"') && !text.includes('EUR'), 'no body copied into the report or the scenario');
        } finally {
            await nginx.stop();
            await server.stop();
            if (!process.env.IW_KEEP_FIXTURE) rmSync(dir, { recursive: true, force: true });
        }
    }],
];

await runCases(binary, cases, 120000);
