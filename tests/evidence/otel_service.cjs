// A small Node service instrumented by the OpenTelemetry JS SDK (issue 47 item 5): a gateway in front of `serve`
// that forwards POSTs and answers with serve's answer. Its spans (server spans with the captured Idempotency-Key,
// X-Actor and X-Client request headers and the Idempotent-Replayed response header; a client span per upstream
// call) are written as OTLP/JSON — the SDK's own serializer — to OUT when it receives SIGTERM.
// Usage: node otel_service.cjs UPSTREAM_PORT OUT.json   (prints "listening on PORT" when ready)
'use strict';
const { NodeTracerProvider } = require('@opentelemetry/sdk-trace-node');
const { SimpleSpanProcessor } = require('@opentelemetry/sdk-trace-base');
const { registerInstrumentations } = require('@opentelemetry/instrumentation');
const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http');
const { JsonTraceSerializer } = require('@opentelemetry/otlp-transformer');
const fs = require('node:fs');

const [upstreamPort, outFile] = process.argv.slice(2);
const finished = [];
const exporter = {
    export(spans, done) {
        finished.push(...spans);
        done({ code: 0 });
    },
    shutdown() {
        fs.writeFileSync(outFile, Buffer.from(JsonTraceSerializer.serializeRequest(finished)));
        return Promise.resolve();
    },
};
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
provider.register();
registerInstrumentations({
    instrumentations: [new HttpInstrumentation({
        headersToSpanAttributes: {
            server: { requestHeaders: ['idempotency-key', 'x-actor', 'x-client'],
                responseHeaders: ['idempotent-replayed'] },
        },
    })],
});

const http = require('node:http');
const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
        const headers = { ...req.headers };
        delete headers.host;
        const up = http.request({ host: '127.0.0.1', port: Number(upstreamPort), method: req.method, path: req.url,
            headers, timeout: 10000 }, (answer) => {
            const body = [];
            answer.on('data', (c) => body.push(c));
            answer.on('end', () => {
                // setHeader, not writeHead's object: the instrumentation reads response headers with getHeader.
                res.setHeader('content-type', answer.headers['content-type'] || 'application/json');
                for (const name of ['idempotent-replayed', 'idempotency-decision', 'idempotency-request'])
                    if (answer.headers[name])
                        res.setHeader(name, answer.headers[name]);
                res.statusCode = answer.statusCode;
                res.end(Buffer.concat(body));
            });
        });
        // The service closed without a byte: the gateway answers 502 itself.
        up.on('error', () => {
            if (!res.headersSent) {
                res.writeHead(502, { 'content-type': 'text/plain' });
                res.end('no answer from the service\n');
            }
        });
        up.on('timeout', () => up.destroy(new Error('timeout')));
        up.end(Buffer.concat(chunks));
    });
});
server.listen(0, '127.0.0.1', () => console.log(`listening on ${server.address().port}`));
process.on('SIGTERM', () => {
    server.close();
    provider.shutdown().then(() => process.exit(0));
});
